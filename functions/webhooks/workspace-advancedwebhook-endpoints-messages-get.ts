import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { listEndpointMessages } from '../../shared/webhooks/message-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.messages.get',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => listEndpointMessages(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Messages retrieved.', data: await prefetched }),
});
