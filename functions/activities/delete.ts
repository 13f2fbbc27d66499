import { deleteActivitiesInput } from '../../shared/activities/schemas';
import { deleteActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.delete',
  input: deleteActivitiesInput,
  run: async ({ caller, input }) => ({
    message: 'Activities processed.',
    data: await deleteActivities(caller, input),
  }),
});
