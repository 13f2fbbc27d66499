import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtRoutes } from '../../shared/crdt/routes';
import { deleteVersionsInput } from '../../shared/crdt/versions-schemas';
import { deleteVersions } from '../../shared/crdt/versions-service';

export const handler = defineEndpoint({
  routes: crdtRoutes,
  route: 'crdt.versions.delete',
  input: deleteVersionsInput,
  run: async ({ caller, input }) => ({
    message: 'Versions deleted.',
    data: await deleteVersions(caller.apiKey, input),
  }),
});
