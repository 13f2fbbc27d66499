import { activitiesRoutes } from '../../shared/activities/routes';
import { updateActivitiesInput } from '../../shared/activities/schemas';
import { getActivityConfig, updateActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: activitiesRoutes,
  route: 'activities.update',
  input: updateActivitiesInput,
  prefetch: ({ apiKey }) => getActivityConfig(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Activities processed.',
    data: await updateActivities(caller, input, prefetched),
  }),
});
