import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.update',
  run: async ({ caller, input }) => ({
    message: 'Notifications processed.',
    data: await updateNotifications(caller, input),
  }),
});
