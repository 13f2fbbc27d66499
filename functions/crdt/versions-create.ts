import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtRoutes } from '../../shared/crdt/routes';
import { createVersionInput } from '../../shared/crdt/versions-schemas';
import { createVersion, readEditor } from '../../shared/crdt/versions-service';

export const handler = defineEndpoint({
  routes: crdtRoutes,
  route: 'crdt.versions.create',
  input: createVersionInput,
  prefetch: ({ apiKey, input }) => readEditor(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Version created.',
    data: await createVersion(caller.apiKey, input, prefetched),
  }),
});
