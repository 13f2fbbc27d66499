import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceRoutes } from '../../shared/workspace/routes';
import { createApiKeyInput } from '../../shared/workspace/schemas';
import { createApiKey } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  routes: workspaceRoutes,
  route: 'workspace.apikey.create',
  input: createApiKeyInput,
  run: async ({ caller, input }) => ({
    message: 'API key created.',
    data: await createApiKey(caller, input),
  }),
});
