import { defineEndpoint } from '../../shared/http/define-endpoint';
import { deleteFolder } from '../../shared/organizations/folders-service';
import { deleteFolderInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.folders.delete',
  input: deleteFolderInput,
  run: async ({ caller, input }) => {
    await deleteFolder(caller, input);
    return { message: 'Folder deleted.' };
  },
});
