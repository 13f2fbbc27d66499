import { addGroupUsers } from '../../shared/access/groups-service';
import { addGroupUsersInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.users.add',
  input: addGroupUsersInput,
  run: async ({ caller, input }) => ({
    message: 'Users processed.',
    data: await addGroupUsers(caller, input),
  }),
});
