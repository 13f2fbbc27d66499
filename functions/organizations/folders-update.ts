import { connectionAccess } from '../../shared/api/connection-access';
import { defineEndpoint } from '../../shared/api/define-endpoint';
import { organizationsContracts } from '../../shared/organizations/contracts';
import { updateFolders } from '../../shared/organizations/folders-service';
import { readTree } from '../../shared/organizations/organization-tree';

export const handler = defineEndpoint({
  route: 'organizations.folders.update',
  contracts: organizationsContracts,
  prefetch: ({ apiKey, input }) => readTree(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Folders processed.',
    data: await updateFolders(connectionAccess, caller, input, prefetched),
  }),
});
