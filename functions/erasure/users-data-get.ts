import { defineEndpoint } from '../../shared/api/define-endpoint';
import { erasureRoutes } from '../../shared/erasure/routes';
import { getUserDataInput } from '../../shared/erasure/schemas';
import { getUserData, readUserData } from '../../shared/erasure/user-data';

export const handler = defineEndpoint({
  routes: erasureRoutes,
  route: 'users.data.get',
  input: getUserDataInput,
  prefetch: ({ apiKey, input }) => readUserData(apiKey, input),
  run: async ({ caller, input, prefetched }) => {
    const { nextPageToken, ...data } = await getUserData(caller, input, prefetched);
    return { message: 'User data retrieved.', data, nextPageToken };
  },
});
