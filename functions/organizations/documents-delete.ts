import { defineEndpoint } from '../../shared/http/define-endpoint';
import { deleteDocuments } from '../../shared/organizations/documents-service';

export const handler = defineEndpoint({
  route: 'organizations.documents.delete',
  run: async ({ caller, input }) => ({
    message: 'Documents processed.',
    data: await deleteDocuments(caller, input),
  }),
});
