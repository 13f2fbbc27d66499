import { addUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'users.add',
  run: async ({ caller, input }) => ({ message: 'Users processed.', data: await addUsers(caller, input) }),
});
