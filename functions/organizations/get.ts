import { defineEndpoint } from '../../shared/api/define-endpoint';
import { getOrganizations } from '../../shared/organizations/organizations-service';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { getOrganizationsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.get',
  input: getOrganizationsInput,
  prefetch: ({ apiKey, input }) => getOrganizations({ apiKey }, input),
  run: async ({ prefetched }) => {
    const { data, nextPageToken } = await prefetched;
    return { message: 'Organizations retrieved.', data, nextPageToken };
  },
});
