import { defineEndpoint } from '../../shared/http/define-endpoint';
import { endpointIdInput } from '../../shared/webhooks/schemas';
import { getEndpointSecret } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.secret.get',
  input: endpointIdInput,
  prefetch: ({ apiKey, input }) => getEndpointSecret(apiKey, input.endpointId),
  run: async ({ prefetched }) => ({
    message: 'Endpoint secret retrieved.',
    data: await prefetched,
  }),
});
