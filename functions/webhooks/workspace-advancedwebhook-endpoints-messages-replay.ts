import { defineEndpoint } from '../../shared/api/define-endpoint';
import { requireEndpointAndConfig } from '../../shared/webhooks/endpoint-service';
import { replayMessageInput } from '../../shared/webhooks/message-schemas';
import { replayEndpointMessage } from '../../shared/webhooks/message-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.messages.replay',
  input: replayMessageInput,
  prefetch: ({ apiKey, input }) => requireEndpointAndConfig(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Message replayed.',
    data: await replayEndpointMessage(caller.apiKey, input, prefetched),
  }),
});
