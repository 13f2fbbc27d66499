import { activitiesRoutes } from '../../shared/activities/routes';
import { deleteActivitiesInput } from '../../shared/activities/schemas';
import { deleteActivities, readActivitiesDelete } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: activitiesRoutes,
  route: 'activities.delete',
  input: deleteActivitiesInput,
  prefetch: ({ apiKey, input }) => readActivitiesDelete(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Activities processed.',
    data: await deleteActivities(caller, input, prefetched),
  }),
});
