import { deleteActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.delete',
  run: async ({ caller, input }) => ({
    message: 'Activities processed.',
    data: await deleteActivities(caller, input),
  }),
});
