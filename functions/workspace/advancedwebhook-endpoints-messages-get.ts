import { listEndpointMessages } from '../../shared/delivery/operations';
import { listMessagesInput } from '../../shared/delivery/schemas';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.messages.get',
  input: listMessagesInput,
  run: async ({ caller, input }) => ({
    message: 'Messages retrieved.',
    data: await listEndpointMessages(caller.apiKey, input),
  }),
});
