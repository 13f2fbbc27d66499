import { defineEndpoint } from '../../shared/api/define-endpoint';
import {
  deleteOrganizations,
  readOrganizationDeletion,
} from '../../shared/organizations/organizations-service';
import { organizationsRoutes } from '../../shared/organizations/routes';
import { deleteOrganizationsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  routes: organizationsRoutes,
  route: 'organizations.delete',
  input: deleteOrganizationsInput,
  prefetch: ({ apiKey, input }) => readOrganizationDeletion(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Organizations processed.',
    data: await deleteOrganizations(caller, input, prefetched),
  }),
});
