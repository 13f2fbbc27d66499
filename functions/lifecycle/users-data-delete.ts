import { defineEndpoint } from '../../shared/api/define-endpoint';
import { lifecycleContracts } from '../../shared/lifecycle/contracts';
import { startUserErasure } from '../../shared/lifecycle/service';

export const handler = defineEndpoint({
  route: 'users.data.delete',
  contracts: lifecycleContracts,
  run: async ({ caller, input }) => ({
    message: 'User data erasure started.',
    data: await startUserErasure(caller, input),
  }),
});
