import { activitiesContracts } from '../../shared/activities/contracts';
import { addActivities, getActivityConfig } from '../../shared/activities/service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'activities.add',
  contracts: activitiesContracts,
  prefetch: ({ apiKey }) => getActivityConfig(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Activities processed.',
    data: await addActivities(caller, input, prefetched),
  }),
});
