import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { requireAdvancedWebhooks, rotateEndpointSigningSecret } from '../../shared/webhooks/endpoint-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.secret.rotate',
  contracts: webhooksContracts,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Endpoint secret rotated.',
    data: await rotateEndpointSigningSecret(caller.apiKey, input.endpointId, prefetched),
  }),
});
