import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { settingsRoutes } from '../../shared/settings/routes';
import { getAdvancedWebhookConfig } from '../../shared/settings/webhook-config-service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.advancedwebhookconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getAdvancedWebhookConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Advanced webhook config retrieved.',
    data: await prefetched,
  }),
});
