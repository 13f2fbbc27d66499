import { updateEditor } from '../../shared/crdt/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'crdt.update',
  run: async ({ caller, input }) => {
    await updateEditor(caller.apiKey, input);
    return { message: 'CRDT data updated.' };
  },
});
