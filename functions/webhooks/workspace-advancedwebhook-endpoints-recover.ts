import { defineEndpoint } from '../../shared/api/define-endpoint';
import { requireEndpointAndConfig } from '../../shared/webhooks/endpoint-service';
import { recoverEndpointInput } from '../../shared/webhooks/recover-schemas';
import { startRecover } from '../../shared/webhooks/recover-tasks';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.recover',
  input: recoverEndpointInput,
  prefetch: ({ apiKey, input }) => requireEndpointAndConfig(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Recover started.',
    data: await startRecover(caller.apiKey, input, prefetched),
  }),
});
