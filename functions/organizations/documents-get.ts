import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getDocuments } from '../../shared/organizations/documents-service';
import { getDocumentsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.documents.get',
  input: getDocumentsInput,
  run: async ({ caller, input }) => {
    const { data, pageToken } = await getDocuments(caller, input);
    return { message: 'Documents retrieved.', data, extra: { pageToken } };
  },
});
