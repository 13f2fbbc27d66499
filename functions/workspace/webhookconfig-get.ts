import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getWebhookConfig } from '../../shared/settings/service';
import { noInput } from '../../shared/workspace/schemas';

export const handler = defineEndpoint({
  route: 'workspace.webhookconfig.get',
  input: noInput,
  run: async ({ caller }) => ({
    message: 'Webhook config retrieved.',
    data: await getWebhookConfig(caller.apiKey),
  }),
});
