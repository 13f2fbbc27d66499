import { defineEndpoint } from '../../shared/http/define-endpoint';
import { noInput } from '../../shared/workspace/schemas';
import { getWorkspace } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.get',
  input: noInput,
  run: async ({ caller }) => ({ message: 'Workspace retrieved.', data: await getWorkspace(caller) }),
});
