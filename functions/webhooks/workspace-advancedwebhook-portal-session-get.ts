import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { portalScopeOf } from '../../shared/webhooks/portal-sessions';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.portal.session.get',
  contracts: webhooksContracts,
  run: async ({ caller }) => ({ message: 'Portal session scope retrieved.', data: portalScopeOf(caller) }),
});
