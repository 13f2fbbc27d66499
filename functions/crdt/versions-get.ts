import { defineEndpoint } from '../../shared/api/define-endpoint';
import { crdtRoutes } from '../../shared/crdt/routes';
import { getVersionsInput } from '../../shared/crdt/versions-schemas';
import { getVersions } from '../../shared/crdt/versions-service';

export const handler = defineEndpoint({
  routes: crdtRoutes,
  route: 'crdt.versions.get',
  input: getVersionsInput,
  prefetch: ({ apiKey, input }) => getVersions(apiKey, input),
  run: async ({ prefetched }) => ({ message: 'Versions retrieved.', ...(await prefetched) }),
});
