import { addGroups } from '../../shared/access/groups-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.add',
  run: async ({ caller, input }) => ({
    message: 'User groups processed.',
    data: await addGroups(caller, input),
  }),
});
