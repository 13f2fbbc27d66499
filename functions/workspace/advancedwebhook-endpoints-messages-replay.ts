import { replayEndpointMessage } from '../../shared/delivery/operations';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.messages.replay',
  run: async ({ caller, input }) => ({
    message: 'Message replayed.',
    data: await replayEndpointMessage(caller.apiKey, input),
  }),
});
