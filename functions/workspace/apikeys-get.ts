import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceContracts } from '../../shared/workspace/contracts';
import { getApiKeys } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.apikeys.get',
  contracts: workspaceContracts,
  prefetch: ({ workspaceId, input }) => getApiKeys({ workspaceId }, input),
  run: async ({ prefetched }) => {
    const { data, nextPageToken } = await prefetched;
    return { message: 'API keys retrieved.', data, nextPageToken };
  },
});
