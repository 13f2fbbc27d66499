import { defineEndpoint } from '../../shared/api/define-endpoint';
import { requireEndpointAndConfig } from '../../shared/webhooks/endpoint-service';
import { resendMessageInput } from '../../shared/webhooks/message-log-schemas';
import { resendMessage } from '../../shared/webhooks/message-log-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.messages.resend',
  input: resendMessageInput,
  prefetch: ({ apiKey, input }) => requireEndpointAndConfig(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Message resent.',
    data: await resendMessage(caller.apiKey, input, prefetched),
  }),
});
