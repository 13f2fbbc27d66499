import { defineEndpoint } from '../../shared/api/define-endpoint';
import { webhooksContracts } from '../../shared/webhooks/contracts';
import { endpointStats } from '../../shared/webhooks/message-log-service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.endpoints.stats',
  contracts: webhooksContracts,
  prefetch: ({ apiKey, input }) => endpointStats(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Endpoint stats retrieved.', data: await prefetched }),
});
