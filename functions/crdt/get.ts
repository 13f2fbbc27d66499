import { getEditors, readEditors } from '../../shared/crdt/service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'crdt.get',
  prefetch: ({ apiKey, input }) => readEditors(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'CRDT data retrieved.',
    data: await getEditors(caller.apiKey, input, prefetched),
  }),
});
