import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtContracts } from '../../shared/crdt/contracts';
import { readRestore, restoreVersion } from '../../shared/crdt/versions-service';

export const handler = defineEndpoint({
  route: 'crdt.versions.restore',
  contracts: crdtContracts,
  prefetch: ({ apiKey, input }) => readRestore(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await restoreVersion(caller.apiKey, input, prefetched);
    return { message: 'Version restored.' };
  },
});
