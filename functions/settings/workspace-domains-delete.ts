import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { deleteDomains } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.domains.delete',
  contracts: settingsContracts,
  run: async ({ caller, input }) => ({
    message: 'Domains removed.',
    data: await deleteDomains(caller.apiKey, input.domains),
  }),
});
