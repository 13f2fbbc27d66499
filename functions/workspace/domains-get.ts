import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { workspaceRoutes } from '../../shared/workspace/routes';
import { listDomains } from '../../shared/workspace/service';

export const handler = defineEndpoint({
  routes: workspaceRoutes,
  route: 'workspace.domains.get',
  input: noInput,
  run: async ({ caller }) => ({ message: 'Domains retrieved.', data: listDomains(caller) }),
});
