import { defineEndpoint } from '../../shared/api/define-endpoint';
import { listLogMessagesInput } from '../../shared/webhooks/message-log-schemas';
import { listLogMessages } from '../../shared/webhooks/message-log-service';
import { visibleTo } from '../../shared/webhooks/portal-scope';
import { webhookEndpointRoutes } from '../../shared/webhooks/routes';

export const handler = defineEndpoint({
  routes: webhookEndpointRoutes,
  route: 'workspace.advancedwebhook.messages.get',
  input: listLogMessagesInput,
  prefetch: ({ apiKey, input }) => listLogMessages(apiKey, input),
  run: async ({ caller, prefetched }) => {
    const page = await prefetched;
    // A session limited to some endpoints sees those inside each message, and no message without one.
    const data = page.data
      .map((message) => ({
        ...message,
        endpoints: visibleTo(caller, message.endpoints, (to) => to.endpointId),
      }))
      .filter((message) => message.endpoints.length > 0);
    return { message: 'Messages retrieved.', ...page, data };
  },
});
