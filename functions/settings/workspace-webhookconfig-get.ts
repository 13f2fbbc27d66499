import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { settingsRoutes } from '../../shared/settings/routes';
import { getWebhookConfig } from '../../shared/settings/webhook-config-service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.webhookconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getWebhookConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Webhook config retrieved.',
    data: await prefetched,
  }),
});
