import { defineEndpoint } from '../../shared/api/define-endpoint';
import { workspaceContracts } from '../../shared/workspace/contracts';
import { listDomains } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.domains.get',
  contracts: workspaceContracts,
  run: async ({ caller }) => ({ message: 'Domains retrieved.', data: listDomains(caller) }),
});
