import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateEndpointInput } from '../../shared/webhooks/schemas';
import { changeEndpoint, requireAdvancedWebhooks } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.update',
  input: updateEndpointInput,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Endpoint updated.',
    data: await changeEndpoint(caller.apiKey, input, prefetched),
  }),
});
