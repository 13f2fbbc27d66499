import { removePermissions } from '../../shared/access/permissions-service';
import { groupAndPermissionRoutes } from '../../shared/access/routes';
import { removePermissionsInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: groupAndPermissionRoutes,
  route: 'auth.permissions.remove',
  input: removePermissionsInput,
  run: async ({ caller, input }) => {
    await removePermissions(caller, input);
    return { message: 'Permissions removed.' };
  },
});
