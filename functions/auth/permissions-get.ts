import { getPermissions } from '../../shared/access/permissions-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'auth.permissions.get',
  run: async ({ caller, input }) => ({
    message: 'Permissions retrieved.',
    data: await getPermissions(caller, input),
  }),
});
