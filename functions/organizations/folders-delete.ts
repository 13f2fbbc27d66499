import { defineEndpoint } from '../../shared/api/define-endpoint';
import { organizationsContracts } from '../../shared/organizations/contracts';
import { deleteFolder, readFolderDeletion } from '../../shared/organizations/folders-service';

export const handler = defineEndpoint({
  route: 'organizations.folders.delete',
  contracts: organizationsContracts,
  prefetch: async ({ apiKey, input }) => readFolderDeletion(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await deleteFolder(caller, input, await prefetched);
    return { message: 'Folder deleted.' };
  },
});
