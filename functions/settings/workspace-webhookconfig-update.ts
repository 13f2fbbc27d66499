import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { readConfigForUpdate } from '../../shared/settings/service';
import { updateWebhookConfig } from '../../shared/settings/webhook-config-service';

export const handler = defineEndpoint({
  route: 'workspace.webhookconfig.update',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'webhook'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Webhook config updated.',
    data: await updateWebhookConfig(caller.apiKey, input, prefetched),
  }),
});
