import { defineEndpoint } from '../../shared/api/define-endpoint';
import { getEndpoints } from '../../shared/webhooks/endpoint-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.get',
  prefetch: ({ apiKey, input }) => getEndpoints(apiKey, input),
  run: async ({ prefetched }) => ({
    message: 'Endpoints retrieved.',
    data: await prefetched,
  }),
});
