import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getOrganizations } from '../../shared/organizations/organizations-service';

export const handler = defineEndpoint({
  route: 'organizations.get',
  run: async ({ caller, input }) => {
    const { data, nextPageToken } = await getOrganizations(caller, input);
    return { message: 'Organizations retrieved.', data, nextPageToken };
  },
});
