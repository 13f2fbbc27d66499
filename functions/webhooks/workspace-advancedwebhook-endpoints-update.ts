import { defineEndpoint } from '../../shared/api/define-endpoint';
import { updateEndpointInput } from '../../shared/webhooks/endpoint-schemas';
import { changeEndpoint, requireEndpointAndConfig } from '../../shared/webhooks/endpoint-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.update',
  input: updateEndpointInput,
  prefetch: ({ apiKey, input }) => requireEndpointAndConfig(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Endpoint updated.',
    data: await changeEndpoint(caller.apiKey, input, prefetched),
  }),
});
