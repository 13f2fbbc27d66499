import { defineEndpoint } from '../../shared/api/define-endpoint';
import { organizationsContracts } from '../../shared/organizations/contracts';
import { addFolders } from '../../shared/organizations/folders-service';
import { readTree } from '../../shared/organizations/organization-tree';

export const handler = defineEndpoint({
  route: 'organizations.folders.add',
  contracts: organizationsContracts,
  prefetch: ({ apiKey, input }) => readTree(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Folders processed.',
    data: await addFolders(caller, input, prefetched),
  }),
});
