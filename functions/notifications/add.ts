import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsContracts } from '../../shared/notifications/contracts';
import { addNotification, readNotificationAdd } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.add',
  contracts: notificationsContracts,
  prefetch: ({ apiKey, input }) => readNotificationAdd(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notification processed.',
    data: await addNotification(caller, input, prefetched),
  }),
});
