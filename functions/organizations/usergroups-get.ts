import { getGroups } from '../../shared/access/groups-service';
import { defineEndpoint } from '../../shared/http/define-endpoint';

export const handler = defineEndpoint({
  route: 'organizations.usergroups.get',
  run: async ({ caller, input }) => ({
    message: 'User groups retrieved.',
    data: await getGroups(caller, input),
  }),
});
