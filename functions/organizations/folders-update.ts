import { connectionAccess } from '../../shared/api/connection-access';
import { defineEndpoint } from '../../shared/api/define-endpoint';
import { updateFolders } from '../../shared/organizations/folders-service';
import { readTree } from '../../shared/organizations/organization-tree';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { updateFoldersInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.folders.update',
  input: updateFoldersInput,
  prefetch: ({ apiKey, input }) => readTree(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Folders processed.',
    data: await updateFolders(connectionAccess, caller, input, prefetched),
  }),
});
