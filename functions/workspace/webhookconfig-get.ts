import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getWebhookConfig } from '../../shared/settings/service';
import { noInput } from '../../shared/workspace/schemas';

export const handler = defineEndpoint({
  route: 'workspace.webhookconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getWebhookConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Webhook config retrieved.',
    data: await prefetched,
  }),
});
