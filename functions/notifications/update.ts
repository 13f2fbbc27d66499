import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsContracts } from '../../shared/notifications/contracts';
import { readNotificationUpdate, updateNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.update',
  contracts: notificationsContracts,
  prefetch: ({ apiKey, input }) => readNotificationUpdate(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notifications processed.',
    data: await updateNotifications(caller, input, prefetched),
  }),
});
