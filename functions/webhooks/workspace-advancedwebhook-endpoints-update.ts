import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { changeEndpoint, requireAdvancedWebhooks } from '../../shared/webhooks/endpoint-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.update',
  contracts: webhooksContracts,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Endpoint updated.',
    data: await changeEndpoint(caller.apiKey, input, prefetched),
  }),
});
