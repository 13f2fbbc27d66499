import { accessContracts } from '../../shared/access/contracts';
import { deleteGroupUsers, readLeftGroup } from '../../shared/access/groups-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.users.delete',
  contracts: accessContracts,
  prefetch: ({ apiKey, input }) => readLeftGroup(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await deleteGroupUsers(caller, input, prefetched),
  }),
});
