import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceContracts } from '../../shared/workspace/contracts';
import { getAuthTokens, readAuthTokens } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.authtokens.get',
  contracts: workspaceContracts,
  prefetch: ({ input }) => readAuthTokens(input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Auth tokens retrieved.',
    data: await getAuthTokens(caller, input, prefetched),
  }),
});
