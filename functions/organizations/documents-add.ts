import { defineEndpoint } from '../../shared/http/define-endpoint';
import { addDocuments } from '../../shared/organizations/documents-service';

export const handler = defineEndpoint({
  route: 'organizations.documents.add',
  run: async ({ caller, input }) => ({
    message: 'Documents processed.',
    data: await addDocuments(caller, input),
  }),
});
