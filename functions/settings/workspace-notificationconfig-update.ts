import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { readConfigForUpdate, updateNotificationConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.notificationconfig.update',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'notification'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notification config updated.',
    data: await updateNotificationConfig(caller.apiKey, input, prefetched),
  }),
});
