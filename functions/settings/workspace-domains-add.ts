import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsRoutes } from '../../shared/settings/routes';
import { domainsInput } from '../../shared/settings/schemas';
import { addDomains } from '../../shared/settings/service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.domains.add',
  input: domainsInput,
  run: async ({ caller, input }) => ({
    message: 'Domains added.',
    data: await addDomains(caller.apiKey, input.domains),
  }),
});
