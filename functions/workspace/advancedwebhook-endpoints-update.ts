import { defineEndpoint } from '../../shared/http/define-endpoint';
import { changeEndpoint } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.update',
  run: async ({ caller, input }) => ({
    message: 'Endpoint updated.',
    data: await changeEndpoint(caller.apiKey, input),
  }),
});
