import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { removeEndpoint, requireEndpoint } from '../../shared/webhooks/endpoint-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.delete',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => requireEndpoint(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => {
    await removeEndpoint(caller.apiKey, input.endpointId, prefetched);
    return { message: 'Endpoint deleted.' };
  },
});
