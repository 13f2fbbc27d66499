import { userRoutes } from '../../shared/access/routes';
import { addUsersInput } from '../../shared/access/schemas';
import { addUsers, readTarget } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: userRoutes,
  route: 'users.add',
  input: addUsersInput,
  prefetch: ({ apiKey, input }) => readTarget(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await addUsers(caller, input, prefetched),
  }),
});
