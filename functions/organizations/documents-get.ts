import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getDocuments } from '../../shared/organizations/documents-service';

export const handler = defineEndpoint({
  route: 'organizations.documents.get',
  run: async ({ caller, input }) => {
    const { data, pageToken } = await getDocuments(caller, input);
    return { message: 'Documents retrieved.', data, pageToken };
  },
});
