import { defineEndpoint } from '../../shared/api/define-endpoint';
import { testWebhookInput } from '../../shared/webhooks/message-schemas';
import { sendTestEvent, testTargets } from '../../shared/webhooks/message-service';

export const handler = defineEndpoint({
  route: 'workspace.webhooks.test',
  input: testWebhookInput,
  prefetch: ({ apiKey, input }) => testTargets(apiKey, input.endpointId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Test event sent.',
    data: await sendTestEvent(caller.apiKey, input, prefetched),
  }),
});
