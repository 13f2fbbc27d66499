import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtRoutes } from '../../shared/crdt/routes';
import { restoreVersionInput } from '../../shared/crdt/versions-schemas';
import { readRestore, restoreVersion } from '../../shared/crdt/versions-service';

export const handler = defineEndpoint({
  routes: crdtRoutes,
  route: 'crdt.versions.restore',
  input: restoreVersionInput,
  prefetch: ({ apiKey, input }) => readRestore(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await restoreVersion(caller.apiKey, input, prefetched);
    return { message: 'Version restored.' };
  },
});
