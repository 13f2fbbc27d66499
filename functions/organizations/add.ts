import { defineEndpoint } from '../../shared/http/define-endpoint';
import { addOrganizations } from '../../shared/organizations/organizations-service';

export const handler = defineEndpoint({
  route: 'organizations.add',
  run: async ({ caller, input }) => ({
    message: 'Organizations processed.',
    data: await addOrganizations(caller, input),
  }),
});
