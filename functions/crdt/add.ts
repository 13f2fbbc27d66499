import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtRoutes } from '../../shared/crdt/routes';
import { writeEditorInput } from '../../shared/crdt/schemas';
import { addEditor } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  routes: crdtRoutes,
  route: 'crdt.add',
  input: writeEditorInput,
  run: async ({ caller, input }) => {
    await addEditor(caller.apiKey, input);
    return { message: 'CRDT data added.' };
  },
});
