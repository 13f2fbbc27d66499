import { defineEndpoint } from '../../shared/api/define-endpoint';
import { listEndpointsInput } from '../../shared/webhooks/endpoint-schemas';
import { getEndpoints } from '../../shared/webhooks/endpoint-service';
import { visibleTo } from '../../shared/webhooks/portal-scope';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.endpoints.get',
  input: listEndpointsInput,
  prefetch: ({ apiKey, input }) => getEndpoints(apiKey, input),
  run: async ({ caller, prefetched }) => {
    const page = await prefetched;
    // A page may hold fewer than `limit` for a session limited to some endpoints.
    return {
      message: 'Endpoints retrieved.',
      data: { ...page, endpoints: visibleTo(caller, page.endpoints, (endpoint) => endpoint.id) },
    };
  },
});
