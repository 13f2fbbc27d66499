import { defineEndpoint } from '../../shared/http/define-endpoint';
import { addFolders } from '../../shared/organizations/folders-service';
import { addFoldersInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.folders.add',
  input: addFoldersInput,
  run: async ({ caller, input }) => ({
    message: 'Folders processed.',
    data: await addFolders(caller, input),
  }),
});
