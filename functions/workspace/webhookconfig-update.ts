import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateWebhookConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.webhookconfig.update',
  run: async ({ caller, input }) => ({
    message: 'Webhook config updated.',
    data: await updateWebhookConfig(caller.apiKey, input),
  }),
});
