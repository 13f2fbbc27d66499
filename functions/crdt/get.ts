import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtContracts } from '../../shared/crdt/contracts';
import { getEditors, readEditors } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  route: 'crdt.get',
  contracts: crdtContracts,
  prefetch: ({ apiKey, input }) => readEditors(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'CRDT data retrieved.',
    data: await getEditors(caller.apiKey, input, prefetched),
  }),
});
