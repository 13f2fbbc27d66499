import { defineEndpoint } from '../../shared/http/define-endpoint';
import { listEndpointsInput } from '../../shared/webhooks/schemas';
import { getEndpoints } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.get',
  input: listEndpointsInput,
  run: async ({ caller, input }) => ({
    message: 'Endpoints retrieved.',
    data: await getEndpoints(caller.apiKey, input),
  }),
});
