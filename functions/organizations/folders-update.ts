import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateFolders } from '../../shared/organizations/folders-service';
import { updateFoldersInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.folders.update',
  input: updateFoldersInput,
  run: async ({ caller, input }) => ({
    message: 'Folders processed.',
    data: await updateFolders(caller, input),
  }),
});
