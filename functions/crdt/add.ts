import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtContracts } from '../../shared/crdt/contracts';
import { addEditor } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  route: 'crdt.add',
  contracts: crdtContracts,
  run: async ({ caller, input }) => {
    await addEditor(caller.apiKey, input);
    return { message: 'CRDT data added.' };
  },
});
