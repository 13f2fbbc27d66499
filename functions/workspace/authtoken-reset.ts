import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceRoutes } from '../../shared/workspace/routes';
import { apiKeyInput } from '../../shared/workspace/schemas';
import { resetAuthToken } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  routes: workspaceRoutes,
  route: 'workspace.authtoken.reset',
  input: apiKeyInput,
  run: async ({ caller, input }) => ({
    message: 'Auth token reset.',
    data: await resetAuthToken(caller, input),
  }),
});
