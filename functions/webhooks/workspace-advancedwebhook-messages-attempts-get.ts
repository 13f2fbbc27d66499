import { defineEndpoint } from '../../shared/api/define-endpoint';
import { messageAttemptsInput } from '../../shared/webhooks/message-log-schemas';
import { messageAttempts } from '../../shared/webhooks/message-log-service';
import { visibleTo } from '../../shared/webhooks/portal-scope';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.messages.attempts.get',
  input: messageAttemptsInput,
  prefetch: ({ apiKey, input }) => messageAttempts(apiKey, input),
  run: async ({ caller, prefetched }) => ({
    message: 'Attempts retrieved.',
    data: visibleTo(caller, await prefetched, (attempt) => attempt.endpointId),
  }),
});
