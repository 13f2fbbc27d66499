import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { readRecoverTask, recoverStatus } from '../../shared/webhooks/recover-tasks';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.recover.status',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => readRecoverTask(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Recover task retrieved.',
    data: await recoverStatus(caller, input, prefetched),
  }),
});
