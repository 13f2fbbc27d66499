import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getFolders } from '../../shared/organizations/folders-service';
import { getFoldersInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.folders.get',
  input: getFoldersInput,
  run: async ({ caller, input }) => ({
    message: 'Folders retrieved.',
    data: await getFolders(caller, input),
  }),
});
