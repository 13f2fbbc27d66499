import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getOrganizations } from '../../shared/organizations/organizations-service';
import { getOrganizationsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.get',
  input: getOrganizationsInput,
  run: async ({ caller, input }) => {
    const { data, nextPageToken } = await getOrganizations(caller, input);
    return { message: 'Organizations retrieved.', data, extra: { nextPageToken } };
  },
});
