import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceRoutes } from '../../shared/workspace/routes';
import { listApiKeysInput } from '../../shared/workspace/schemas';
import { getApiKeys } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  routes: workspaceRoutes,
  route: 'workspace.apikeys.get',
  input: listApiKeysInput,
  prefetch: ({ workspaceId, input }) => getApiKeys({ workspaceId }, input),
  run: async ({ prefetched }) => {
    const { data, nextPageToken } = await prefetched;
    return { message: 'API keys retrieved.', data, nextPageToken };
  },
});
