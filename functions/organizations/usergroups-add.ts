import { addGroups } from '../../shared/access/groups-service';
import { addGroupsInput } from '../../shared/access/schemas';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.add',
  input: addGroupsInput,
  run: async ({ caller, input }) => ({
    message: 'User groups processed.',
    data: await addGroups(caller, input),
  }),
});
