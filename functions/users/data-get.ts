import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getUserData } from '../../shared/lifecycle/user-data';

export const handler = defineEndpoint({
  route: 'users.data.get',
  run: async ({ caller, input }) => {
    const { nextPageToken, ...data } = await getUserData(caller, input);
    return { message: 'User data retrieved.', data, nextPageToken };
  },
});
