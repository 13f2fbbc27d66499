import { userRoutes } from '../../shared/access/routes';
import { getUsersInput } from '../../shared/access/schemas';
import { getCurrentUsers, getUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: userRoutes,
  route: 'users.get',
  input: getUsersInput,
  prefetch: ({ apiKey, input }) => getUsers({ apiKey }, input),
  run: async ({ caller, input, prefetched }) => {
    const { data, nextPageToken } = await getCurrentUsers(caller, input, prefetched);
    return { message: 'Users retrieved.', data, nextPageToken };
  },
});
