import { defineEndpoint } from '../../shared/api/define-endpoint';
import { writeEditorInput } from '../../shared/crdt/schemas';
import { addEditor } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  route: 'crdt.add',
  input: writeEditorInput,
  run: async ({ caller, input }) => {
    await addEditor(caller.apiKey, input);
    return { message: 'CRDT data added.' };
  },
});
