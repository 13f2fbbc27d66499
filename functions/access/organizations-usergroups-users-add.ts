import { addGroupUsers, readJoiningUsers } from '../../shared/access/groups-service';
import { groupAndPermissionRoutes } from '../../shared/access/routes';
import { addGroupUsersInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: groupAndPermissionRoutes,
  route: 'organizations.usergroups.users.add',
  input: addGroupUsersInput,
  prefetch: ({ apiKey, input }) => readJoiningUsers(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await addGroupUsers(caller, input, prefetched),
  }),
});
