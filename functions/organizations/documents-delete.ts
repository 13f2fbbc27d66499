import { defineEndpoint } from '../../shared/http/define-endpoint';
import { deleteDocuments } from '../../shared/organizations/documents-service';
import { deleteDocumentsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.documents.delete',
  input: deleteDocumentsInput,
  run: async ({ caller, input }) => ({
    message: 'Documents processed.',
    data: await deleteDocuments(caller, input),
  }),
});
