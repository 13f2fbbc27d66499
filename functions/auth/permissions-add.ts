import { addPermissions } from '../../shared/access/permissions-service';
import { addPermissionsInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'auth.permissions.add',
  input: addPermissionsInput,
  run: async ({ caller, input }) => {
    await addPermissions(caller, input);
    return { message: 'Permissions added.' };
  },
});
