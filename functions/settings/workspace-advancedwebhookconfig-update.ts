import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsRoutes } from '../../shared/settings/routes';
import { readConfigForUpdate } from '../../shared/settings/service';
import { updateAdvancedWebhookConfigInput } from '../../shared/settings/webhook-config-schemas';
import { updateAdvancedWebhookConfig } from '../../shared/settings/webhook-config-service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.advancedwebhookconfig.update',
  input: updateAdvancedWebhookConfigInput,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'advancedWebhook'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Advanced webhook config updated.',
    data: await updateAdvancedWebhookConfig(caller.apiKey, input, prefetched),
  }),
});
