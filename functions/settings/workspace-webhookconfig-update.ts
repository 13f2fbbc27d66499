import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsRoutes } from '../../shared/settings/routes';
import { readConfigForUpdate } from '../../shared/settings/service';
import { updateWebhookConfigInput } from '../../shared/settings/webhook-config-schemas';
import { updateWebhookConfig } from '../../shared/settings/webhook-config-service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.webhookconfig.update',
  input: updateWebhookConfigInput,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'webhook'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Webhook config updated.',
    data: await updateWebhookConfig(caller.apiKey, input, prefetched),
  }),
});
