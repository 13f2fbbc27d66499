import { listEndpointMessages } from '../../shared/delivery/operations';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.messages.get',
  run: async ({ caller, input }) => ({
    message: 'Messages retrieved.',
    data: await listEndpointMessages(caller.apiKey, input),
  }),
});
