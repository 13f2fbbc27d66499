import { connectionAccess } from '../../shared/api/connection-access';
import { defineEndpoint } from '../../shared/api/define-endpoint';
import { documentAddition, readDocumentAddition } from '../../shared/organizations/documents-service';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { addDocumentsInput } from '../../shared/organizations/schemas';

/** Moved or re-typed documents' open connections have their access resolved again by access's rules. */
const addDocuments = documentAddition(connectionAccess);

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.documents.add',
  input: addDocumentsInput,
  prefetch: async ({ apiKey, input }) => readDocumentAddition(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Documents processed.',
    data: await addDocuments(caller, input, await prefetched),
  }),
});
