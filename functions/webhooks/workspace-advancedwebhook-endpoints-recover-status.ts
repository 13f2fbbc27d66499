import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { recoverStatus } from '../../shared/webhooks/recover-tasks';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.recover.status',
  contracts: webhooksContracts,
  run: async ({ caller, input }) => ({
    message: 'Recover task retrieved.',
    data: await recoverStatus(caller, input),
  }),
});
