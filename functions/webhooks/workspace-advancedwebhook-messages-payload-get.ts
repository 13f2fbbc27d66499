import { defineEndpoint } from '../../shared/api/define-endpoint';
import { messagePayloadInput } from '../../shared/webhooks/message-log-schemas';
import { messagePayload } from '../../shared/webhooks/message-log-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.messages.payload.get',
  input: messagePayloadInput,
  prefetch: ({ apiKey, input }) => messagePayload(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Message payload retrieved.', data: await prefetched }),
});
