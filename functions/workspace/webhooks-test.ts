import { sendTestEvent } from '../../shared/delivery/operations';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'workspace.webhooks.test',
  run: async ({ caller, input }) => ({
    message: 'Test event sent.',
    data: await sendTestEvent(caller.apiKey, input),
  }),
});
