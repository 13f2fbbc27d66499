import { updateActivitiesInput } from '../../shared/activities/schemas';
import { updateActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.update',
  input: updateActivitiesInput,
  run: async ({ caller, input }) => ({
    message: 'Activities processed.',
    data: await updateActivities(caller, input),
  }),
});
