import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsContracts } from '../../shared/notifications/contracts';
import { getNotificationPreferences } from '../../shared/notifications/preference-service';

export const handler = defineEndpoint({
  route: 'notifications.config.get',
  contracts: notificationsContracts,
  prefetch: ({ apiKey, input }) => getNotificationPreferences(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Notification config retrieved.', data: await prefetched }),
});
