import { deleteUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'users.delete',
  run: async ({ caller, input }) => ({ message: 'Users processed.', data: await deleteUsers(caller, input) }),
});
