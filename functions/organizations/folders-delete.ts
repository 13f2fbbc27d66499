import { defineEndpoint } from '../../shared/api/define-endpoint';
import { deleteFolder, readFolderDeletion } from '../../shared/organizations/folders-service';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { deleteFolderInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.folders.delete',
  input: deleteFolderInput,
  prefetch: async ({ apiKey, input }) => readFolderDeletion(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await deleteFolder(caller, input, await prefetched);
    return { message: 'Folder deleted.' };
  },
});
