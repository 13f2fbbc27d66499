import { defineEndpoint } from '../../shared/api/define-endpoint';
import { lifecycleRoutes } from '../../shared/lifecycle/routes';
import { userDataDeletionStatusInput } from '../../shared/lifecycle/schemas';
import { readEraseJob, userErasureStatus } from '../../shared/lifecycle/service';

export const handler = defineEndpoint({
  routes: lifecycleRoutes,
  route: 'users.data.delete.status',
  input: userDataDeletionStatusInput,
  prefetch: ({ apiKey, input }) => readEraseJob(apiKey, input.jobId),
  run: async ({ caller, input, prefetched }) => ({
    message: 'User data erasure status retrieved.',
    data: await userErasureStatus(caller, input.jobId, prefetched),
  }),
});
