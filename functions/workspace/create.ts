import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceContracts } from '../../shared/workspace/contracts';
import { createWorkspace } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.create',
  contracts: workspaceContracts,
  run: async ({ input }) => ({ message: 'Workspace created.', data: await createWorkspace(input) }),
});
