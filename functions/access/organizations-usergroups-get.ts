import { getGroups, readGroups } from '../../shared/access/groups-service';
import { groupAndPermissionRoutes } from '../../shared/access/routes';
import { getGroupsInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: groupAndPermissionRoutes,
  route: 'organizations.usergroups.get',
  input: getGroupsInput,
  prefetch: ({ apiKey, input }) => readGroups(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'User groups retrieved.',
    data: await getGroups(caller, input, prefetched),
  }),
});
