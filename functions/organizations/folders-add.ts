import { defineEndpoint } from '../../shared/http/define-endpoint';
import { addFolders } from '../../shared/organizations/folders-service';

export const handler = defineEndpoint({
  route: 'organizations.folders.add',
  run: async ({ caller, input }) => ({
    message: 'Folders processed.',
    data: await addFolders(caller, input),
  }),
});
