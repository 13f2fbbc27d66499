import { defineEndpoint } from '../../shared/api/define-endpoint';
import { updateEditorContent } from '../../shared/crdt/client-updates';
import { crdtRoutes } from '../../shared/crdt/routes';
import { updateEditorInput } from '../../shared/crdt/schemas';
import { readEditors } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  routes: crdtRoutes,
  route: 'crdt.update',
  input: updateEditorInput,
  prefetch: ({ apiKey, input }) => readEditors(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await updateEditorContent(caller.apiKey, input, prefetched);
    return { message: 'CRDT data updated.' };
  },
});
