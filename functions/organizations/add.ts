import { defineEndpoint } from '../../shared/api/define-endpoint';
import { organizationsContracts } from '../../shared/organizations/contracts';
import { addOrganizations, readOrganizationAddition } from '../../shared/organizations/organizations-service';

export const handler = defineEndpoint({
  route: 'organizations.add',
  contracts: organizationsContracts,
  prefetch: ({ apiKey, input }) => readOrganizationAddition(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Organizations processed.',
    data: await addOrganizations(caller, input, prefetched),
  }),
});
