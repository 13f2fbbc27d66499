import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getWebhookConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.webhookconfig.get',
  run: async ({ caller }) => ({
    message: 'Webhook config retrieved.',
    data: await getWebhookConfig(caller.apiKey),
  }),
});
