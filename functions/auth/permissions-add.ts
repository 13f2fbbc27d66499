import { addPermissions } from '../../shared/access/permissions-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'auth.permissions.add',
  run: async ({ caller, input }) => {
    await addPermissions(caller, input);
    return { message: 'Permissions added.' };
  },
});
