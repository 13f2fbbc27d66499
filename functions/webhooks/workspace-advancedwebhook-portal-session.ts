import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { requireAdvancedWebhooks } from '../../shared/webhooks/endpoint-service';
import { createPortalSession } from '../../shared/webhooks/portal-sessions';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.portal.session',
  contracts: webhooksContracts,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched, serviceUrl }) => ({
    message: 'Portal session created.',
    data: await createPortalSession(caller.apiKey, input, serviceUrl, prefetched),
  }),
});
