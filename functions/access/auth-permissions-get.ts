import { getPermissions, readPermissionScope } from '../../shared/access/permissions-service';
import { groupAndPermissionRoutes } from '../../shared/access/routes';
import { getPermissionsInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: groupAndPermissionRoutes,
  route: 'auth.permissions.get',
  input: getPermissionsInput,
  prefetch: async ({ apiKey, input }) => readPermissionScope(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Permissions retrieved.',
    data: await getPermissions(caller, input, await prefetched),
  }),
});
