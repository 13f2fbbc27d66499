import { accessContracts } from '../../shared/access/contracts';
import { getGroups, readGroups } from '../../shared/access/groups-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.get',
  contracts: accessContracts,
  prefetch: ({ apiKey, input }) => readGroups(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'User groups retrieved.',
    data: await getGroups(caller, input, prefetched),
  }),
});
