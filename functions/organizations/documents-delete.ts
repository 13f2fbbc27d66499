import { defineEndpoint } from '../../shared/api/define-endpoint';
import { documentDeletion, readDocumentDeletion } from '../../shared/organizations/documents-service';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { deleteDocumentsInput } from '../../shared/organizations/schemas';
import { holdsAnyRecord } from '../../shared/plugins/mover';
import { documentRecordMovers } from '../workers/movers';

/** Ids without a document item are erased only when some domain stores records under them. */
const deleteDocuments = documentDeletion(holdsAnyRecord(documentRecordMovers));

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.documents.delete',
  input: deleteDocumentsInput,
  prefetch: ({ apiKey, input }) => readDocumentDeletion(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Documents processed.',
    data: await deleteDocuments(caller, input, prefetched),
  }),
});
