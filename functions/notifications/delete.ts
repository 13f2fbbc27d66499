import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsRoutes } from '../../shared/notifications/routes';
import { deleteNotificationsInput } from '../../shared/notifications/schemas';
import { deleteNotifications, readNotificationDelete } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  routes: notificationsRoutes,
  route: 'notifications.delete',
  input: deleteNotificationsInput,
  prefetch: ({ apiKey, input }) => readNotificationDelete(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notifications processed.',
    data: await deleteNotifications(caller, input, prefetched),
  }),
});
