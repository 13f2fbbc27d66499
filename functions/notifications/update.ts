import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsRoutes } from '../../shared/notifications/routes';
import { updateNotificationsInput } from '../../shared/notifications/schemas';
import { readNotificationUpdate, updateNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  routes: notificationsRoutes,
  route: 'notifications.update',
  input: updateNotificationsInput,
  prefetch: ({ apiKey, input }) => readNotificationUpdate(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notifications processed.',
    data: await updateNotifications(caller, input, prefetched),
  }),
});
