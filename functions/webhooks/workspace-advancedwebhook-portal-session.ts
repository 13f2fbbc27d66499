import { defineEndpoint } from '../../shared/api/define-endpoint';
import { requireAdvancedWebhooks } from '../../shared/webhooks/endpoint-service';
import { createPortalSessionInput } from '../../shared/webhooks/portal-session-schemas';
import { createPortalSession } from '../../shared/webhooks/portal-sessions';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.portal.session',
  input: createPortalSessionInput,
  prefetch: ({ apiKey }) => requireAdvancedWebhooks(apiKey),
  run: async ({ caller, input, prefetched, serviceUrl }) => ({
    message: 'Portal session created.',
    data: await createPortalSession(caller.apiKey, input, serviceUrl, prefetched),
  }),
});
