import { defineEndpoint } from '../../shared/api/define-endpoint';
import { createApiKey } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.apikey.create',
  run: async ({ caller, input }) => ({
    message: 'API key created.',
    data: await createApiKey(caller, input),
  }),
});
