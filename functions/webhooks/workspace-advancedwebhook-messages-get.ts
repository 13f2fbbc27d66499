import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { listLogMessages } from '../../shared/webhooks/message-log-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.messages.get',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => listLogMessages(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Messages retrieved.', ...(await prefetched) }),
});
