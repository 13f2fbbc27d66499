import { defineEndpoint } from '../../shared/http/define-endpoint';
import { addOrganizations } from '../../shared/organizations/organizations-service';
import { addOrganizationsInput } from '../../shared/organizations/schemas';

export const handler = defineEndpoint({
  route: 'organizations.add',
  input: addOrganizationsInput,
  run: async ({ caller, input }) => ({
    message: 'Organizations processed.',
    data: await addOrganizations(caller, input),
  }),
});
