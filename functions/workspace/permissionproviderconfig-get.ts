import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getPermissionProviderConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.permissionproviderconfig.get',
  run: async ({ caller }) => ({
    message: 'Permission provider config retrieved.',
    data: await getPermissionProviderConfig(caller.apiKey),
  }),
});
