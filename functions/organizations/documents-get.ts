import { defineEndpoint } from '../../shared/api/define-endpoint';
import { organizationsContracts } from '../../shared/organizations/contracts';
import { getDocuments, readDocuments } from '../../shared/organizations/documents-service';

export const handler = defineEndpoint({
  route: 'organizations.documents.get',
  contracts: organizationsContracts,
  prefetch: async ({ apiKey, input }) => readDocuments(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    const { data, pageToken } = await getDocuments(caller, input, await prefetched);
    return { message: 'Documents retrieved.', data, pageToken };
  },
});
