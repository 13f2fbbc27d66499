import { defineEndpoint } from '../../shared/api/define-endpoint';
import { endpointStatsInput } from '../../shared/webhooks/message-log-schemas';
import { endpointStats } from '../../shared/webhooks/message-log-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.stats',
  input: endpointStatsInput,
  prefetch: ({ apiKey, input }) => endpointStats(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Endpoint stats retrieved.', data: await prefetched }),
});
