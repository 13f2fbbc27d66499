import { defineEndpoint } from '../../shared/api/define-endpoint';
import { createEndpointInput } from '../../shared/webhooks/endpoint-schemas';
import { createEndpoint, requireAdvancedWebhooks } from '../../shared/webhooks/endpoint-service';
import { assertMayCreateEndpoints } from '../../shared/webhooks/portal-scope';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.create',
  input: createEndpointInput,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched }) => {
    assertMayCreateEndpoints(caller);
    return { message: 'Endpoint created.', data: await createEndpoint(caller.apiKey, input, prefetched) };
  },
});
