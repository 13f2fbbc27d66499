import { userRoutes } from '../../shared/access/routes';
import { deleteUsersInput } from '../../shared/access/schemas';
import { deleteUsers, readNamedUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: userRoutes,
  route: 'users.delete',
  input: deleteUsersInput,
  prefetch: ({ apiKey, input }) => readNamedUsers(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await deleteUsers(caller, input, prefetched),
  }),
});
