import { defineEndpoint } from '../../shared/api/define-endpoint';
import { getNotificationPreferencesInput } from '../../shared/notifications/preference-schemas';
import { getNotificationPreferences } from '../../shared/notifications/preference-service';
import { notificationsRoutes } from '../../shared/notifications/routes';

export const handler = defineEndpoint({
  routes: notificationsRoutes,
  route: 'notifications.config.get',
  input: getNotificationPreferencesInput,
  prefetch: ({ apiKey, input }) => getNotificationPreferences(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Notification config retrieved.', data: await prefetched }),
});
