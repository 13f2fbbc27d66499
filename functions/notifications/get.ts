import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsRoutes } from '../../shared/notifications/routes';
import { getNotificationsInput } from '../../shared/notifications/schemas';
import { getNotifications, readNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  routes: notificationsRoutes,
  route: 'notifications.get',
  input: getNotificationsInput,
  prefetch: ({ apiKey, input }) => readNotifications(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    const { data, pageToken } = await getNotifications(caller, input, prefetched);
    return { message: 'Notifications retrieved.', data, pageToken };
  },
});
