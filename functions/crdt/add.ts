import { addEditor } from '../../shared/crdt/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'crdt.add',
  run: async ({ caller, input }) => {
    await addEditor(caller.apiKey, input);
    return { message: 'CRDT data added.' };
  },
});
