import { defineEndpoint } from '../../shared/http/define-endpoint';
import { addDocuments } from '../../shared/organizations/documents-service';
import { addDocumentsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.documents.add',
  input: addDocumentsInput,
  run: async ({ caller, input }) => ({
    message: 'Documents processed.',
    data: await addDocuments(caller, input),
  }),
});
