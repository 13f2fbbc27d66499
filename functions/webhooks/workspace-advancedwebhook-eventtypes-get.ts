import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { renderedEventCatalog } from '../../shared/webhooks/event-catalog-generated';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.eventtypes.get',
  input: noInput,
  run: async () => ({ message: 'Event types retrieved.', data: renderedEventCatalog }),
});
