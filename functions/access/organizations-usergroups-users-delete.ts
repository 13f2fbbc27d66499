import { deleteGroupUsers, readLeftGroup } from '../../shared/access/groups-service';
import { deleteGroupUsersInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/api/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.users.delete',
  input: deleteGroupUsersInput,
  prefetch: ({ apiKey, input }) => readLeftGroup(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Users processed.',
    data: await deleteGroupUsers(caller, input, prefetched),
  }),
});
