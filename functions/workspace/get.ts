import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceContracts } from '../../shared/workspace/contracts';
import { getWorkspace, readWorkspace } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.get',
  contracts: workspaceContracts,
  prefetch: ({ workspaceId }) => readWorkspace(workspaceId),
  run: async ({ caller, prefetched }) => ({
    message: 'Workspace retrieved.',
    data: await getWorkspace(caller, prefetched),
  }),
});
