import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getPermissionProviderConfig } from '../../shared/settings/service';
import { noInput } from '../../shared/workspace/schemas';

export const handler = defineEndpoint({
  route: 'workspace.permissionproviderconfig.get',
  input: noInput,
  run: async ({ caller }) => ({
    message: 'Permission provider config retrieved.',
    data: await getPermissionProviderConfig(caller.apiKey),
  }),
});
