import { defineEndpoint } from '../../shared/api/define-endpoint';
import { recoverStatusInput } from '../../shared/webhooks/recover-schemas';
import { readRecoverTask, recoverStatus } from '../../shared/webhooks/recover-tasks';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.recover.status',
  input: recoverStatusInput,
  prefetch: ({ apiKey, input }) => readRecoverTask(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Recover task retrieved.',
    data: await recoverStatus(caller, input, prefetched),
  }),
});
