import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateWebhookConfigInput } from '../../shared/settings/schemas';
import { updateWebhookConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.webhookconfig.update',
  input: updateWebhookConfigInput,
  run: async ({ caller, input }) => ({
    message: 'Webhook config updated.',
    data: await updateWebhookConfig(caller.apiKey, input),
  }),
});
