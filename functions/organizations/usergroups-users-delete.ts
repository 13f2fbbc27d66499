import { deleteGroupUsers } from '../../shared/access/groups-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.users.delete',
  run: async ({ caller, input }) => ({
    message: 'Users processed.',
    data: await deleteGroupUsers(caller, input),
  }),
});
