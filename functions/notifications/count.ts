import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsRoutes } from '../../shared/notifications/routes';
import { countNotificationsInput } from '../../shared/notifications/schemas';
import { countNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  routes: notificationsRoutes,
  route: 'notifications.count',
  input: countNotificationsInput,
  prefetch: ({ apiKey, input }) => countNotifications(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Notification count retrieved.', data: await prefetched }),
});
