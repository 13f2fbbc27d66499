import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtRoutes } from '../../shared/crdt/routes';
import { getEditorsInput } from '../../shared/crdt/schemas';
import { getEditors, readEditors } from '../../shared/crdt/service';

export const handler = defineEndpoint({
  routes: crdtRoutes,
  route: 'crdt.get',
  input: getEditorsInput,
  prefetch: ({ apiKey, input }) => readEditors(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'CRDT data retrieved.',
    data: await getEditors(caller.apiKey, input, prefetched),
  }),
});
