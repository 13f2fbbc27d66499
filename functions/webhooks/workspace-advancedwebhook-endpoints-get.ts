import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { getEndpoints } from '../../shared/webhooks/endpoint-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.get',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => getEndpoints(apiKey, input),
  run: async ({ prefetched }) => ({
    message: 'Endpoints retrieved.',
    data: await prefetched,
  }),
});
