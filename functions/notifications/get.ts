import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsContracts } from '../../shared/notifications/contracts';
import { getNotifications, readNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.get',
  contracts: notificationsContracts,
  prefetch: ({ apiKey, input }) => readNotifications(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    const { data, pageToken } = await getNotifications(caller, input, prefetched);
    return { message: 'Notifications retrieved.', data, pageToken };
  },
});
