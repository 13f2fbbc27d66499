import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getWorkspace } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.get',
  run: async ({ caller }) => ({ message: 'Workspace retrieved.', data: await getWorkspace(caller) }),
});
