import { defineEndpoint } from '../../shared/http/define-endpoint';
import { deleteOrganizations } from '../../shared/organizations/organizations-service';
import { deleteOrganizationsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.delete',
  input: deleteOrganizationsInput,
  run: async ({ caller, input }) => ({
    message: 'Organizations processed.',
    data: await deleteOrganizations(caller, input),
  }),
});
