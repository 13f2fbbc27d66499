import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateAdvancedWebhookConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhookconfig.update',
  run: async ({ caller, input }) => ({
    message: 'Advanced webhook config updated.',
    data: await updateAdvancedWebhookConfig(caller.apiKey, input),
  }),
});
