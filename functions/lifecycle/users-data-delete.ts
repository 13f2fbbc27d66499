import { defineEndpoint } from '../../shared/api/define-endpoint';
import { lifecycleRoutes } from '../../shared/lifecycle/routes';
import { deleteUserDataInput } from '../../shared/lifecycle/schemas';
import { startUserErasure } from '../../shared/lifecycle/service';

export const handler = defineEndpoint({
  routes: lifecycleRoutes,
  route: 'users.data.delete',
  input: deleteUserDataInput,
  run: async ({ caller, input }) => ({
    message: 'User data erasure started.',
    data: await startUserErasure(caller, input),
  }),
});
