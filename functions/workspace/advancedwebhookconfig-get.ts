import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getAdvancedWebhookConfig } from '../../shared/settings/service';
import { noInput } from '../../shared/workspace/schemas';

export const handler = defineEndpoint({
  route: 'workspace.advancedwebhookconfig.get',
  input: noInput,
  run: async ({ caller }) => ({
    message: 'Advanced webhook config retrieved.',
    data: await getAdvancedWebhookConfig(caller.apiKey),
  }),
});
