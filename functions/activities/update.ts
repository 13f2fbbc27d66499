import { updateActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.update',
  run: async ({ caller, input }) => ({
    message: 'Activities processed.',
    data: await updateActivities(caller, input),
  }),
});
