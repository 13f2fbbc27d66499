import { defineEndpoint } from '../../shared/api/define-endpoint';
import { getEndpointSecret } from '../../shared/webhooks/endpoint-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.secret.get',
  prefetch: ({ apiKey, input }) => getEndpointSecret(apiKey, input.endpointId),
  run: async ({ prefetched }) => ({
    message: 'Endpoint secret retrieved.',
    data: await prefetched,
  }),
});
