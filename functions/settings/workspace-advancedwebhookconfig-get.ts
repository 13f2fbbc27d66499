import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { getAdvancedWebhookConfig } from '../../shared/settings/webhook-config-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhookconfig.get',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => getAdvancedWebhookConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Advanced webhook config retrieved.',
    data: await prefetched,
  }),
});
