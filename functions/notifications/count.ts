import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsContracts } from '../../shared/notifications/contracts';
import { countNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.count',
  contracts: notificationsContracts,
  prefetch: ({ apiKey, input }) => countNotifications(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Notification count retrieved.', data: await prefetched }),
});
