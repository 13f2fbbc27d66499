import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { addDomains } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.domains.add',
  contracts: settingsContracts,
  run: async ({ caller, input }) => ({
    message: 'Domains added.',
    data: await addDomains(caller.apiKey, input.domains),
  }),
});
