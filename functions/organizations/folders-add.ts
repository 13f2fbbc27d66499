import { defineEndpoint } from '../../shared/api/define-endpoint';
import { addFolders } from '../../shared/organizations/folders-service';
import { readTree } from '../../shared/organizations/organization-tree';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { addFoldersInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.folders.add',
  input: addFoldersInput,
  prefetch: ({ apiKey, input }) => readTree(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Folders processed.',
    data: await addFolders(caller, input, prefetched),
  }),
});
