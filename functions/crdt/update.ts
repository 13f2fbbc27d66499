import { defineEndpoint } from '../../shared/api/define-endpoint';
import { updateEditorContent } from '../../shared/crdt/client-updates';
import { crdtContracts } from '../../shared/crdt/contracts';
import { readEditors } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  route: 'crdt.update',
  contracts: crdtContracts,
  prefetch: ({ apiKey, input }) => readEditors(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await updateEditorContent(caller.apiKey, input, prefetched);
    return { message: 'CRDT data updated.' };
  },
});
