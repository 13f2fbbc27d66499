import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { requireEndpointAndConfig } from '../../shared/webhooks/endpoint-service';
import { startRecover } from '../../shared/webhooks/recover-tasks';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.recover',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => requireEndpointAndConfig(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Recover started.',
    data: await startRecover(caller.apiKey, input, prefetched),
  }),
});
