import { defineEndpoint } from '../../shared/api/define-endpoint';
import { testWebhookInput } from '../../shared/webhooks/message-schemas';
import { sendTestEvent, testTargets } from '../../shared/webhooks/message-service';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.webhooks.test',
  input: testWebhookInput,
  prefetch: ({ apiKey, input }) => testTargets(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Test event sent.',
    data: await sendTestEvent(caller.apiKey, input, prefetched),
  }),
});
