import { defineEndpoint } from '../../shared/http/define-endpoint';
import { userErasureStatus } from '../../shared/lifecycle/service';

export const handler = defineEndpoint({
  route: 'users.data.delete.status',
  run: async ({ caller, input }) => ({
    message: 'User data erasure status retrieved.',
    data: await userErasureStatus(caller, input.jobId),
  }),
});
