import { defineEndpoint } from '../../shared/api/define-endpoint';
import { domainsInput } from '../../shared/settings/schemas';
import { addDomains } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.domains.add',
  input: domainsInput,
  run: async ({ caller, input }) => ({
    message: 'Domains added.',
    data: await addDomains(caller.apiKey, input.domains),
  }),
});
