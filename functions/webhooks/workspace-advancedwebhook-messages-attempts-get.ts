import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { messageAttempts } from '../../shared/webhooks/message-log-service';
import { visibleTo } from '../../shared/webhooks/portal-scope';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.messages.attempts.get',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => messageAttempts(apiKey, input),
  run: async ({ caller, prefetched }) => ({
    message: 'Attempts retrieved.',
    data: visibleTo(caller, await prefetched, (attempt) => attempt.endpointId),
  }),
});
