import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getAdvancedWebhookConfig } from '../../shared/settings/service';
import { noInput } from '../../shared/workspace/schemas';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhookconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getAdvancedWebhookConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Advanced webhook config retrieved.',
    data: await prefetched,
  }),
});
