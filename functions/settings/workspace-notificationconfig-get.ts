import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { settingsRoutes } from '../../shared/settings/routes';
import { getNotificationConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.notificationconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getNotificationConfig(apiKey),
  run: async ({ prefetched }) => ({ message: 'Notification config retrieved.', data: await prefetched }),
});
