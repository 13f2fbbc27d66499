import { accessContracts } from '../../shared/access/contracts';
import { addGroupUsers, readJoiningUsers } from '../../shared/access/groups-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.users.add',
  contracts: accessContracts,
  prefetch: ({ apiKey, input }) => readJoiningUsers(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await addGroupUsers(caller, input, prefetched),
  }),
});
