import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updateFolders } from '../../shared/organizations/folders-service';

export const handler = defineEndpoint({
  route: 'organizations.folders.update',
  run: async ({ caller, input }) => ({
    message: 'Folders processed.',
    data: await updateFolders(caller, input),
  }),
});
