import { accessContracts } from '../../shared/access/contracts';
import { removePermissions } from '../../shared/access/permissions-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'auth.permissions.remove',
  contracts: accessContracts,
  run: async ({ caller, input }) => {
    await removePermissions(caller, input);
    return { message: 'Permissions removed.' };
  },
});
