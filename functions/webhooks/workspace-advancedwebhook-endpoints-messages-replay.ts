import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { requireEndpointAndConfig } from '../../shared/webhooks/endpoint-service';
import { replayEndpointMessage } from '../../shared/webhooks/message-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.messages.replay',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => requireEndpointAndConfig(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Message replayed.',
    data: await replayEndpointMessage(caller.apiKey, input, prefetched),
  }),
});
