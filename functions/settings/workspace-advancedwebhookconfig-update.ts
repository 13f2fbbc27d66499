import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { readConfigForUpdate } from '../../shared/settings/service';
import { updateAdvancedWebhookConfig } from '../../shared/settings/webhook-config-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhookconfig.update',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'advancedWebhook'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Advanced webhook config updated.',
    data: await updateAdvancedWebhookConfig(caller.apiKey, input, prefetched),
  }),
});
