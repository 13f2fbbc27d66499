import { defineEndpoint } from '../../shared/api/define-endpoint';
import { updateNotificationsInput } from '../../shared/notifications/schemas';
import { readNotificationUpdate, updateNotifications } from '../../shared/notifications/service';

export const handler = defineEndpoint({
  route: 'notifications.update',
  input: updateNotificationsInput,
  prefetch: ({ apiKey, input }) => readNotificationUpdate(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notifications processed.',
    data: await updateNotifications(caller, input, prefetched),
  }),
});
