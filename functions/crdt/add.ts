import { defineEndpoint } from '../../shared/api/define-endpoint';
import { addEditor } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  route: 'crdt.add',
  run: async ({ caller, input }) => {
    await addEditor(caller.apiKey, input);
    return { message: 'CRDT data added.' };
  },
});
