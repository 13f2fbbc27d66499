import { defineEndpoint } from '../../shared/http/define-endpoint';
import { endpointIdInput } from '../../shared/webhooks/schemas';
import { removeEndpoint, requireAdvancedWebhooks } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.delete',
  input: endpointIdInput,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched }) => {
    await removeEndpoint(caller.apiKey, input.endpointId, prefetched);
    return { message: 'Endpoint deleted.' };
  },
});
