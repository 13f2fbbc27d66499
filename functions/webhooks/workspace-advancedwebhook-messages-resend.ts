import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { requireEndpointAndConfig } from '../../shared/webhooks/endpoint-service';
import { resendMessage } from '../../shared/webhooks/message-log-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.messages.resend',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => requireEndpointAndConfig(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Message resent.',
    data: await resendMessage(caller.apiKey, input, prefetched),
  }),
});
