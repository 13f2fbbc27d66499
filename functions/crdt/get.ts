import { getEditors } from '../../shared/crdt/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'crdt.get',
  run: async ({ caller, input }) => ({
    message: 'CRDT data retrieved.',
    data: await getEditors(caller.apiKey, input),
  }),
});
