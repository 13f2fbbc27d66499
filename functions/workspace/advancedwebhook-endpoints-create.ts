import { defineEndpoint } from '../../shared/http/define-endpoint';
import { createEndpoint } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.create',
  run: async ({ caller, input }) => ({
    message: 'Endpoint created.',
    data: await createEndpoint(caller.apiKey, input),
  }),
});
