import { writeEditorInput } from '../../shared/crdt/schemas';
import { updateEditor } from '../../shared/crdt/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'crdt.update',
  input: writeEditorInput,
  run: async ({ caller, input }) => {
    await updateEditor(caller.apiKey, input);
    return { message: 'CRDT data updated.' };
  },
});
