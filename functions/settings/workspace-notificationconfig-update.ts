import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsRoutes } from '../../shared/settings/routes';
import { updateNotificationConfigInput } from '../../shared/settings/schemas';
import { readConfigForUpdate, updateNotificationConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.notificationconfig.update',
  input: updateNotificationConfigInput,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'notification'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notification config updated.',
    data: await updateNotificationConfig(caller.apiKey, input, prefetched),
  }),
});
