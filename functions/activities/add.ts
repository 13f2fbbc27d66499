import { activitiesRoutes } from '../../shared/activities/routes';
import { addActivitiesInput } from '../../shared/activities/schemas';
import { addActivities, getActivityConfig } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: activitiesRoutes,
  route: 'activities.add',
  input: addActivitiesInput,
  prefetch: ({ apiKey }) => getActivityConfig(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Activities processed.',
    data: await addActivities(caller, input, prefetched),
  }),
});
