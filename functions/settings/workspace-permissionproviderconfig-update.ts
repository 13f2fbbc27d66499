import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsRoutes } from '../../shared/settings/routes';
import { updatePermissionProviderConfigInput } from '../../shared/settings/schemas';
import { readConfigForUpdate, updatePermissionProviderConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.permissionproviderconfig.update',
  input: updatePermissionProviderConfigInput,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'permissionProvider'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Permission provider config updated.',
    data: await updatePermissionProviderConfig(caller.apiKey, input, prefetched),
  }),
});
