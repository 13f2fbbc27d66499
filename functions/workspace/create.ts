import { defineEndpoint } from '../../shared/api/define-endpoint';
import { createWorkspaceInput } from '../../shared/workspace/schemas';
import { createWorkspace } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.create',
  input: createWorkspaceInput,
  run: async ({ input }) => ({ message: 'Workspace created.', data: await createWorkspace(input) }),
});
