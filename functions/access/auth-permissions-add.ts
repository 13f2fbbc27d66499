import { addPermissions, readGrantTargets } from '../../shared/access/permissions-service';
import { groupAndPermissionRoutes } from '../../shared/access/routes';
import { addPermissionsInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: groupAndPermissionRoutes,
  route: 'auth.permissions.add',
  input: addPermissionsInput,
  prefetch: async ({ apiKey, input }) => readGrantTargets(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    await addPermissions(caller, input, await prefetched);
    return { message: 'Permissions added.' };
  },
});
