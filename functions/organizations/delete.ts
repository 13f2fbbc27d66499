import { defineEndpoint } from '../../shared/http/define-endpoint';
import { deleteOrganizations } from '../../shared/organizations/organizations-service';

export const handler = defineEndpoint({
  route: 'organizations.delete',
  run: async ({ caller, input }) => ({
    message: 'Organizations processed.',
    data: await deleteOrganizations(caller, input),
  }),
});
