import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updatePermissionProviderConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.permissionproviderconfig.update',
  run: async ({ caller, input }) => ({
    message: 'Permission provider config updated.',
    data: await updatePermissionProviderConfig(caller.apiKey, input),
  }),
});
