import { addActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.add',
  run: async ({ caller, input }) => ({
    message: 'Activities processed.',
    data: await addActivities(caller, input),
  }),
});
