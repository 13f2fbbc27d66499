import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateAdvancedWebhookConfigInput } from '../../shared/settings/schemas';
import { updateAdvancedWebhookConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhookconfig.update',
  input: updateAdvancedWebhookConfigInput,
  run: async ({ caller, input }) => ({
    message: 'Advanced webhook config updated.',
    data: await updateAdvancedWebhookConfig(caller.apiKey, input),
  }),
});
