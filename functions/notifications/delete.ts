import { defineEndpoint } from '../../shared/http/define-endpoint';
import { deleteNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.delete',
  run: async ({ caller, input }) => ({
    message: 'Notifications processed.',
    data: await deleteNotifications(caller, input),
  }),
});
