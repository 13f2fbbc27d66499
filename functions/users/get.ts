import { getUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'users.get',
  prefetch: ({ apiKey, input }) => getUsers({ apiKey }, input),
  run: async ({ prefetched }) => {
    const { data, nextPageToken } = await prefetched;
    return { message: 'Users retrieved.', data, nextPageToken };
  },
});
