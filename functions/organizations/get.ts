import { defineEndpoint } from '../../shared/api/define-endpoint';
import { organizationsContracts } from '../../shared/organizations/contracts';
import { getOrganizations } from '../../shared/organizations/organizations-service';

export const handler = defineEndpoint({
  route: 'organizations.get',
  contracts: organizationsContracts,
  prefetch: ({ apiKey, input }) => getOrganizations({ apiKey }, input),
  run: async ({ prefetched }) => {
    const { data, nextPageToken } = await prefetched;
    return { message: 'Organizations retrieved.', data, nextPageToken };
  },
});
