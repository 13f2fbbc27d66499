import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtContracts } from '../../shared/crdt/contracts';
import { createVersion, readEditor } from '../../shared/crdt/versions-service';

export const handler = defineEndpoint({
  route: 'crdt.versions.create',
  contracts: crdtContracts,
  prefetch: ({ apiKey, input }) => readEditor(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Version created.',
    data: await createVersion(caller.apiKey, input, prefetched),
  }),
});
