import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsContracts } from '../../shared/notifications/contracts';
import { deleteNotifications, readNotificationDelete } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.delete',
  contracts: notificationsContracts,
  prefetch: ({ apiKey, input }) => readNotificationDelete(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notifications processed.',
    data: await deleteNotifications(caller, input, prefetched),
  }),
});
