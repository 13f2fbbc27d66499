import { updateUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'users.update',
  run: async ({ caller, input }) => ({ message: 'Users processed.', data: await updateUsers(caller, input) }),
});
