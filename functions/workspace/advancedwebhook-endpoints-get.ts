import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getEndpoints } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.get',
  run: async ({ caller, input }) => ({
    message: 'Endpoints retrieved.',
    data: await getEndpoints(caller.apiKey, input),
  }),
});
