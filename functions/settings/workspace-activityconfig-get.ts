import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { getActivityConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.activityconfig.get',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => getActivityConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Activity config retrieved.',
    data: { activityServiceConfig: await prefetched },
  }),
});
