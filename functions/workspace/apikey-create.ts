import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceContracts } from '../../shared/workspace/contracts';
import { createApiKey } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.apikey.create',
  contracts: workspaceContracts,
  run: async ({ caller, input }) => ({
    message: 'API key created.',
    data: await createApiKey(caller, input),
  }),
});
