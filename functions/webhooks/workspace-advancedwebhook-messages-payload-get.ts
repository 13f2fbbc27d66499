import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { messagePayload } from '../../shared/webhooks/message-log-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.messages.payload.get',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => messagePayload(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Message payload retrieved.', data: await prefetched }),
});
