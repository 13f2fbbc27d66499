import { accessContracts } from '../../shared/access/contracts';
import { addUsers, readTarget } from '../../shared/access/users-service';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'users.add',
  contracts: accessContracts,
  prefetch: ({ apiKey, input }) => readTarget(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await addUsers(caller, input, prefetched),
  }),
});
