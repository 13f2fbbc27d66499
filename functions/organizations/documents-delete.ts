import { defineEndpoint } from '../../shared/api/define-endpoint';
import { deleteDocuments, readDocumentDeletion } from '../../shared/organizations/documents-service';

export const handler = defineEndpoint({
  route: 'organizations.documents.delete',
  prefetch: ({ apiKey, input }) => readDocumentDeletion(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Documents processed.',
    data: await deleteDocuments(caller, input, prefetched),
  }),
});
