import { activitiesRoutes } from '../../shared/activities/routes';
import { getActivitiesInput } from '../../shared/activities/schemas';
import { getActivities, readActivities } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: activitiesRoutes,
  route: 'activities.get',
  input: getActivitiesInput,
  prefetch: ({ apiKey, input }) => readActivities(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    const { data, pageToken } = await getActivities(caller, input, prefetched);
    return { message: 'Activities retrieved.', data, pageToken };
  },
});
