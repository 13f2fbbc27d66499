import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { getEndpointSecret } from '../../shared/webhooks/endpoint-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.secret.get',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => getEndpointSecret(apiKey, input.endpointId),
  run: async ({ prefetched }) => ({
    message: 'Endpoint secret retrieved.',
    data: await prefetched,
  }),
});
