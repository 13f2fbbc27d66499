import { defineEndpoint } from '../../shared/api/define-endpoint';
import { endpointIdInput } from '../../shared/webhooks/endpoint-schemas';
import { getEndpointSecret } from '../../shared/webhooks/endpoint-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.secret.get',
  input: endpointIdInput,
  prefetch: ({ apiKey, input }) => getEndpointSecret(apiKey, input.endpointId),
  run: async ({ prefetched }) => ({
    message: 'Endpoint secret retrieved.',
    data: await prefetched,
  }),
});
