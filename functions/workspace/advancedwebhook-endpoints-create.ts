import { defineEndpoint } from '../../shared/http/define-endpoint';
import { createEndpointInput } from '../../shared/webhooks/schemas';
import { createEndpoint } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.create',
  input: createEndpointInput,
  run: async ({ caller, input }) => ({
    message: 'Endpoint created.',
    data: await createEndpoint(caller.apiKey, input),
  }),
});
