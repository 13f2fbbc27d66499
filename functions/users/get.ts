import { getUsersInput } from '../../shared/access/schemas';
import { getUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'users.get',
  input: getUsersInput,
  run: async ({ caller, input }) => {
    const { data, nextPageToken } = await getUsers(caller, input);
    return { message: 'Users retrieved.', data, extra: { nextPageToken } };
  },
});
