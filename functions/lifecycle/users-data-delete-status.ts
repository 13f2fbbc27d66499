import { defineEndpoint } from '../../shared/api/define-endpoint';
import { lifecycleContracts } from '../../shared/lifecycle/contracts';
import { readEraseJob, userErasureStatus } from '../../shared/lifecycle/service';

export const handler = defineEndpoint({
  route: 'users.data.delete.status',
  contracts: lifecycleContracts,
  prefetch: ({ apiKey, input }) => readEraseJob(apiKey, input.jobId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'User data erasure status retrieved.',
    data: await userErasureStatus(caller, input.jobId, prefetched),
  }),
});
