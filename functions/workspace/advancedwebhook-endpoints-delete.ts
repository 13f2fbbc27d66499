import { defineEndpoint } from '../../shared/http/define-endpoint';
import { removeEndpoint } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.delete',
  run: async ({ caller, input }) => {
    await removeEndpoint(caller.apiKey, input.endpointId);
    return { message: 'Endpoint deleted.' };
  },
});
