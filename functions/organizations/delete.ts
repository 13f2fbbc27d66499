import { defineEndpoint } from '../../shared/api/define-endpoint';
import { organizationsContracts } from '../../shared/organizations/contracts';
import {
  deleteOrganizations,
  readOrganizationDeletion,
} from '../../shared/organizations/organizations-service';

export const handler = defineEndpoint({
  route: 'organizations.delete',
  contracts: organizationsContracts,
  prefetch: ({ apiKey, input }) => readOrganizationDeletion(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Organizations processed.',
    data: await deleteOrganizations(caller, input, prefetched),
  }),
});
