import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { eventCatalog } from '../../shared/webhooks/event-catalog';

/** The catalog is the same for every caller and request: built once per container. */
const catalog = eventCatalog();

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhook.eventtypes.get',
  input: noInput,
  run: async () => ({ message: 'Event types retrieved.', data: catalog }),
});
