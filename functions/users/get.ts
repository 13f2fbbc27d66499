import { getUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'users.get',
  run: async ({ caller, input }) => {
    const { data, nextPageToken } = await getUsers(caller, input);
    return { message: 'Users retrieved.', data, nextPageToken };
  },
});
