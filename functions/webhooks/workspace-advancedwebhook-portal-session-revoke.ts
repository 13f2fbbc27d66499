import { defineEndpoint } from '../../shared/api/define-endpoint';
import { revokePortalSessionInput } from '../../shared/webhooks/portal-session-schemas';
import { revokePortalSession } from '../../shared/webhooks/portal-sessions';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.portal.session.revoke',
  input: revokePortalSessionInput,
  run: async ({ caller, input }) => {
    await revokePortalSession(caller.apiKey, input.token);
    return { message: 'Portal session revoked.' };
  },
});
