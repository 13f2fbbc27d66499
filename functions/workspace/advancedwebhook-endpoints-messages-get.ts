import { listEndpointMessages } from '../../shared/delivery/operations';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.messages.get',
  prefetch: ({ apiKey, input }) => listEndpointMessages(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Messages retrieved.', data: await prefetched }),
});
