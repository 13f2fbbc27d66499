import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getNotificationsInput } from '../../shared/notifications/schemas';
import { getNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.get',
  input: getNotificationsInput,
  run: async ({ caller, input }) => {
    const { data, pageToken } = await getNotifications(caller, input);
    return { message: 'Notifications retrieved.', data, extra: { pageToken } };
  },
});
