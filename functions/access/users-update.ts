import { userRoutes } from '../../shared/access/routes';
import { updateUsersInput } from '../../shared/access/schemas';
import { readNamedUsers, updateUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: userRoutes,
  route: 'users.update',
  input: updateUsersInput,
  prefetch: ({ apiKey, input }) => readNamedUsers(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await updateUsers(caller, input, prefetched),
  }),
});
