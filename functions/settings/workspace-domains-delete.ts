import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsRoutes } from '../../shared/settings/routes';
import { domainsInput } from '../../shared/settings/schemas';
import { deleteDomains } from '../../shared/settings/service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.domains.delete',
  input: domainsInput,
  run: async ({ caller, input }) => ({
    message: 'Domains removed.',
    data: await deleteDomains(caller.apiKey, input.domains),
  }),
});
