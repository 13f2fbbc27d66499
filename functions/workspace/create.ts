import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceRoutes } from '../../shared/workspace/routes';
import { createWorkspaceInput } from '../../shared/workspace/schemas';
import { createWorkspace } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  routes: workspaceRoutes,
  route: 'workspace.create',
  input: createWorkspaceInput,
  run: async ({ input }) => ({ message: 'Workspace created.', data: await createWorkspace(input) }),
});
