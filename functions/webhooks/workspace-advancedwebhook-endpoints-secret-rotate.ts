import { defineEndpoint } from '../../shared/api/define-endpoint';
import { endpointIdInput } from '../../shared/webhooks/endpoint-schemas';
import { requireAdvancedWebhooks, rotateEndpointSigningSecret } from '../../shared/webhooks/endpoint-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.secret.rotate',
  input: endpointIdInput,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Endpoint secret rotated.',
    data: await rotateEndpointSigningSecret(caller.apiKey, input.endpointId, prefetched),
  }),
});
