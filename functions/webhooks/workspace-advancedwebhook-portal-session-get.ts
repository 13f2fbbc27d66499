import { defineEndpoint } from '../../shared/api/define-endpoint';
import { portalScopeInput } from '../../shared/webhooks/portal-session-schemas';
import { portalScopeOf } from '../../shared/webhooks/portal-sessions';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.portal.session.get',
  input: portalScopeInput,
  run: async ({ caller }) => ({ message: 'Portal session scope retrieved.', data: portalScopeOf(caller) }),
});
