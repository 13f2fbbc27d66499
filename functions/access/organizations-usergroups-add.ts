import { addGroups, readGroupsOrganization } from '../../shared/access/groups-service';
import { groupAndPermissionRoutes } from '../../shared/access/routes';
import { addGroupsInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  routes: groupAndPermissionRoutes,
  route: 'organizations.usergroups.add',
  input: addGroupsInput,
  prefetch: ({ apiKey, input }) => readGroupsOrganization(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'User groups processed.',
    data: await addGroups(caller, input, prefetched),
  }),
});
