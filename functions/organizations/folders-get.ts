import { defineEndpoint } from '../../shared/api/define-endpoint';
import { getFolders } from '../../shared/organizations/folders-service';
import { readTree } from '../../shared/organizations/organization-tree';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { getFoldersInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.folders.get',
  input: getFoldersInput,
  prefetch: ({ apiKey, input }) => readTree(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Folders retrieved.',
    data: await getFolders(caller, input, prefetched),
  }),
});
