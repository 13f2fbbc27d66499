import { activitiesContracts } from '../../shared/activities/contracts';
import { deleteActivities, readActivitiesDelete } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.delete',
  contracts: activitiesContracts,
  prefetch: ({ apiKey, input }) => readActivitiesDelete(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Activities processed.',
    data: await deleteActivities(caller, input, prefetched),
  }),
});
