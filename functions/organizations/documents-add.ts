import { defineEndpoint } from '../../shared/api/define-endpoint';
import { addDocuments, readDocumentAddition } from '../../shared/organizations/documents-service';

export const handler = defineEndpoint({
  route: 'organizations.documents.add',
  prefetch: async ({ apiKey, input }) => readDocumentAddition(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Documents processed.',
    data: await addDocuments(caller, input, await prefetched),
  }),
});
