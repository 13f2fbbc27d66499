import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsRoutes } from '../../shared/notifications/routes';
import { addNotificationInput } from '../../shared/notifications/schemas';
import { addNotification, readNotificationAdd } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  routes: notificationsRoutes,
  route: 'notifications.add',
  input: addNotificationInput,
  prefetch: ({ apiKey, input }) => readNotificationAdd(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notification processed.',
    data: await addNotification(caller, input, prefetched),
  }),
});
