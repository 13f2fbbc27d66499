import { defineEndpoint } from '../../shared/http/define-endpoint';
import { userDataDeletionStatusInput } from '../../shared/lifecycle/schemas';
import { userErasureStatus } from '../../shared/lifecycle/service';

export const handler = defineEndpoint({
  route: 'users.data.delete.status',
  input: userDataDeletionStatusInput,
  run: async ({ caller, input }) => ({
    message: 'User data erasure status retrieved.',
    data: await userErasureStatus(caller, input.jobId),
  }),
});
