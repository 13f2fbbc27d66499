import { defineEndpoint } from '../../shared/http/define-endpoint';
import { createEndpointInput } from '../../shared/webhooks/schemas';
import { createEndpoint, requireAdvancedWebhooks } from '../../shared/webhooks/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.create',
  input: createEndpointInput,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Endpoint created.',
    data: await createEndpoint(caller.apiKey, input, prefetched),
  }),
});
