import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { readConfigForUpdate, updateActivityConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.activityconfig.update',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'activity'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Activity config updated.',
    data: {
      activityServiceConfig: await updateActivityConfig(
        caller.apiKey,
        input.activityServiceConfig,
        prefetched,
      ),
    },
  }),
});
