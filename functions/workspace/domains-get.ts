import { defineEndpoint } from '../../shared/api/define-endpoint';
import { listDomains } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  route: 'workspace.domains.get',
  run: async ({ caller }) => ({ message: 'Domains retrieved.', data: listDomains(caller) }),
});
