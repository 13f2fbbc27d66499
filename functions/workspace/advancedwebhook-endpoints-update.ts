import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateEndpointInput } from '../../shared/webhooks/schemas';
import { changeEndpoint } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.update',
  input: updateEndpointInput,
  run: async ({ caller, input }) => ({
    message: 'Endpoint updated.',
    data: await changeEndpoint(caller.apiKey, input),
  }),
});
