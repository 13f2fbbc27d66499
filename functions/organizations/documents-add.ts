import { connectionAccess } from '../../shared/api/connection-access';
import { defineEndpoint } from '../../shared/api/define-endpoint';
import { organizationsContracts } from '../../shared/organizations/contracts';
import { documentAddition, readDocumentAddition } from '../../shared/organizations/documents-service';

/** Moved or re-typed documents' open connections have their access resolved again by access's rules. */
const addDocuments = documentAddition(connectionAccess);

export const handler = defineEndpoint({
  route: 'organizations.documents.add',
  contracts: organizationsContracts,
  prefetch: async ({ apiKey, input }) => readDocumentAddition(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Documents processed.',
    data: await addDocuments(caller, input, await prefetched),
  }),
});
