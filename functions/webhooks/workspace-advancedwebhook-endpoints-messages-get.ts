import { defineEndpoint } from '../../shared/api/define-endpoint';
import { listMessagesInput } from '../../shared/webhooks/message-schemas';
import { listEndpointMessages } from '../../shared/webhooks/message-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.messages.get',
  input: listMessagesInput,
  prefetch: ({ apiKey, input }) => listEndpointMessages(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Messages retrieved.', data: await prefetched }),
});
