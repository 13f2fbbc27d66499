import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.get',
  run: async ({ caller, input }) => {
    const { data, pageToken } = await getNotifications(caller, input);
    return { message: 'Notifications retrieved.', data, pageToken };
  },
});
