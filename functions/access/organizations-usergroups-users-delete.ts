import { deleteGroupUsers, readLeftGroup } from '../../shared/access/groups-service';
import { groupAndPermissionRoutes } from '../../shared/access/routes';
import { deleteGroupUsersInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: groupAndPermissionRoutes,
  route: 'organizations.usergroups.users.delete',
  input: deleteGroupUsersInput,
  prefetch: ({ apiKey, input }) => readLeftGroup(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await deleteGroupUsers(caller, input, prefetched),
  }),
});
