import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceRoutes } from '../../shared/workspace/routes';
import { apiKeyInput } from '../../shared/workspace/schemas';
import { getAuthTokens, readAuthTokens } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  routes: workspaceRoutes,
  route: 'workspace.authtokens.get',
  input: apiKeyInput,
  prefetch: ({ input }) => readAuthTokens(input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Auth tokens retrieved.',
    data: await getAuthTokens(caller, input, prefetched),
  }),
});
