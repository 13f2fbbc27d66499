import { defineEndpoint } from '../../shared/api/define-endpoint';
import { readEditors, updateEditor } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  route: 'crdt.update',
  prefetch: ({ apiKey, input }) => readEditors(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await updateEditor(caller.apiKey, input, prefetched);
    return { message: 'CRDT data updated.' };
  },
});
