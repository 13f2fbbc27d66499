import { defineEndpoint } from '../../shared/api/define-endpoint';
import { endpointIdInput } from '../../shared/webhooks/endpoint-schemas';
import { removeEndpoint, requireEndpoint } from '../../shared/webhooks/endpoint-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.delete',
  input: endpointIdInput,
  prefetch: ({ apiKey, input }) => requireEndpoint(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => {
    await removeEndpoint(caller.apiKey, input.endpointId, prefetched);
    return { message: 'Endpoint deleted.' };
  },
});
