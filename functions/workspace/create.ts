import { defineEndpoint } from '../../shared/api/define-endpoint';
import { createWorkspace } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.create',
  run: async ({ input }) => ({ message: 'Workspace created.', data: await createWorkspace(input) }),
});
