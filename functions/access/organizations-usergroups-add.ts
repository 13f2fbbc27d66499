import { accessContracts } from '../../shared/access/contracts';
import { addGroups, readGroupsOrganization } from '../../shared/access/groups-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.add',
  contracts: accessContracts,
  prefetch: ({ apiKey, input }) => readGroupsOrganization(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'User groups processed.',
    data: await addGroups(caller, input, prefetched),
  }),
});
