import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { revokePortalSession } from '../../shared/webhooks/portal-sessions';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.portal.session.revoke',
  contracts: webhooksContracts,
  run: async ({ caller, input }) => {
    await revokePortalSession(caller.apiKey, input.token);
    return { message: 'Portal session revoked.' };
  },
});
