import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getFolders } from '../../shared/organizations/folders-service';

export const handler = defineEndpoint({
  route: 'organizations.folders.get',
  run: async ({ caller, input }) => ({
    message: 'Folders retrieved.',
    data: await getFolders(caller, input),
  }),
});
