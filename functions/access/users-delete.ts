import { accessContracts } from '../../shared/access/contracts';
import { deleteUsers, readNamedUsers } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'users.delete',
  contracts: accessContracts,
  prefetch: ({ apiKey, input }) => readNamedUsers(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await deleteUsers(caller, input, prefetched),
  }),
});
