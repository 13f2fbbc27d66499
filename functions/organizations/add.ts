import { defineEndpoint } from '../../shared/api/define-endpoint';
import { addOrganizations, readOrganizationAddition } from '../../shared/organizations/organizations-service';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { addOrganizationsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.add',
  input: addOrganizationsInput,
  prefetch: ({ apiKey, input }) => readOrganizationAddition(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Organizations processed.',
    data: await addOrganizations(caller, input, prefetched),
  }),
});
