import { defineEndpoint } from '../../shared/api/define-endpoint';
import { notificationsContracts } from '../../shared/notifications/contracts';
import {
  readPreferencesForUpdate,
  updateNotificationPreferences,
} from '../../shared/notifications/preference-service';

export const handler = defineEndpoint({
  route: 'notifications.config.update',
  contracts: notificationsContracts,
  prefetch: ({ apiKey, input }) => readPreferencesForUpdate(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Notification config updated.',
    data: await updateNotificationPreferences(caller, input, prefetched),
  }),
});
