import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getAdvancedWebhookConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhookconfig.get',
  run: async ({ caller }) => ({
    message: 'Advanced webhook config retrieved.',
    data: await getAdvancedWebhookConfig(caller.apiKey),
  }),
});
