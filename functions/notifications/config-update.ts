import { defineEndpoint } from '../../shared/api/define-endpoint';
import { updateNotificationPreferencesInput } from '../../shared/notifications/preference-schemas';
import {
  readPreferencesForUpdate,
  updateNotificationPreferences,
} from '../../shared/notifications/preference-service';
import { notificationsRoutes } from '../../shared/notifications/routes';

export const handler = defineEndpoint({
  routes: notificationsRoutes,
  route: 'notifications.config.update',
  input: updateNotificationPreferencesInput,
  prefetch: ({ apiKey, input }) => readPreferencesForUpdate(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notification config updated.',
    data: await updateNotificationPreferences(caller, input, prefetched),
  }),
});
