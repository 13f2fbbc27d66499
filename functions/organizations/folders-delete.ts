import { defineEndpoint } from '../../shared/http/define-endpoint';
import { deleteFolder } from '../../shared/organizations/folders-service';

export const handler = defineEndpoint({
  route: 'organizations.folders.delete',
  run: async ({ caller, input }) => {
    await deleteFolder(caller, input);
    return { message: 'Folder deleted.' };
  },
});
