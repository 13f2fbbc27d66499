import { defineEndpoint } from '../../shared/api/define-endpoint';
import { getDocuments, readDocuments } from '../../shared/organizations/documents-service';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { getDocumentsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.documents.get',
  input: getDocumentsInput,
  prefetch: async ({ apiKey, input }) => readDocuments(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    const { data, pageToken } = await getDocuments(caller, input, await prefetched);
    return { message: 'Documents retrieved.', data, pageToken };
  },
});
