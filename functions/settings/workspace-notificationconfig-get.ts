import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { getNotificationConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.notificationconfig.get',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => getNotificationConfig(apiKey),
  run: async ({ prefetched }) => ({ message: 'Notification config retrieved.', data: await prefetched }),
});
