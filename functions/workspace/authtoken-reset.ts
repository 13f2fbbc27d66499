import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceContracts } from '../../shared/workspace/contracts';
import { resetAuthToken } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.authtoken.reset',
  contracts: workspaceContracts,
  run: async ({ caller, input }) => ({
    message: 'Auth token reset.',
    data: await resetAuthToken(caller, input),
  }),
});
