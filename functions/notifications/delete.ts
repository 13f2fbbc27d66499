import { defineEndpoint } from '../../shared/http/define-endpoint';
import { deleteNotificationsInput } from '../../shared/notifications/schemas';
import { deleteNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.delete',
  input: deleteNotificationsInput,
  run: async ({ caller, input }) => ({
    message: 'Notifications processed.',
    data: await deleteNotifications(caller, input),
  }),
});
