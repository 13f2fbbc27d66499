import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateNotificationsInput } from '../../shared/notifications/schemas';
import { updateNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.update',
  input: updateNotificationsInput,
  run: async ({ caller, input }) => ({
    message: 'Notifications processed.',
    data: await updateNotifications(caller, input),
  }),
});
