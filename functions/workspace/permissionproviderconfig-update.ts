import { defineEndpoint } from '../../shared/http/define-endpoint';
import { updatePermissionProviderConfigInput } from '../../shared/settings/schemas';
import { updatePermissionProviderConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.permissionproviderconfig.update',
  input: updatePermissionProviderConfigInput,
  run: async ({ caller, input }) => ({
    message: 'Permission provider config updated.',
    data: await updatePermissionProviderConfig(caller.apiKey, input),
  }),
});
