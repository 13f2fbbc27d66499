import { defineEndpoint } from '../../shared/http/define-endpoint';
import { endpointIdInput } from '../../shared/webhooks/schemas';
import { removeEndpoint } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.delete',
  input: endpointIdInput,
  run: async ({ caller, input }) => {
    await removeEndpoint(caller.apiKey, input.endpointId);
    return { message: 'Endpoint deleted.' };
  },
});
