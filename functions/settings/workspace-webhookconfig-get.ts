import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { getWebhookConfig } from '../../shared/settings/webhook-config-service';

export const handler = defineEndpoint({
  route: 'workspace.webhookconfig.get',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => getWebhookConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Webhook config retrieved.',
    data: await prefetched,
  }),
});
