import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtContracts } from '../../shared/crdt/contracts';
import { getVersions } from '../../shared/crdt/versions-service';

export const handler = defineEndpoint({
  route: 'crdt.versions.get',
  contracts: crdtContracts,
  prefetch: ({ apiKey, input }) => getVersions(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Versions retrieved.', ...(await prefetched) }),
});
