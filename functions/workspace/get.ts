import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { workspaceRoutes } from '../../shared/workspace/routes';
import { getWorkspace, readWorkspace } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  routes: workspaceRoutes,
  route: 'workspace.get',
  input: noInput,
  prefetch: ({ workspaceId }) => readWorkspace(workspaceId),
  run: async ({ caller, prefetched }) => ({
    message: 'Workspace retrieved.',
    data: await getWorkspace(caller, prefetched),
  }),
});
