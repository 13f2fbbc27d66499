import { deleteGroupUsers } from '../../shared/access/groups-service';
import { deleteGroupUsersInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.users.delete',
  input: deleteGroupUsersInput,
  run: async ({ caller, input }) => ({
    message: 'Users processed.',
    data: await deleteGroupUsers(caller, input),
  }),
});
