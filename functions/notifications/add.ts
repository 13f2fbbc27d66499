import { defineEndpoint } from '../../shared/http/define-endpoint';
import { addNotificationInput } from '../../shared/notifications/schemas';
import { addNotification } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.add',
  input: addNotificationInput,
  run: async ({ caller, input }) => ({
    message: 'Notification processed.',
    data: await addNotification(caller, input),
  }),
});
