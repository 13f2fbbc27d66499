import { defineEndpoint } from '../../shared/http/define-endpoint';
import { addNotification } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.add',
  run: async ({ caller, input }) => ({
    message: 'Notification processed.',
    data: await addNotification(caller, input),
  }),
});
