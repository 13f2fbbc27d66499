import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getEndpointSecret } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.secret.get',
  run: async ({ caller, input }) => ({
    message: 'Endpoint secret retrieved.',
    data: await getEndpointSecret(caller.apiKey, input.endpointId),
  }),
});
