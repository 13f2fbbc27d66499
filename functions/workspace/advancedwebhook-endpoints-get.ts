import { defineEndpoint } from '../../shared/http/define-endpoint';
import { listEndpointsInput } from '../../shared/webhooks/schemas';
import { getEndpoints } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.get',
  input: listEndpointsInput,
  prefetch: ({ apiKey, input }) => getEndpoints(apiKey, input),
  run: async ({ prefetched }) => ({
    message: 'Endpoints retrieved.',
    data: await prefetched,
  }),
});
