import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { getNotificationConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.notificationconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getNotificationConfig(apiKey),
  run: async ({ prefetched }) => ({ message: 'Notification config retrieved.', data: await prefetched }),
});
