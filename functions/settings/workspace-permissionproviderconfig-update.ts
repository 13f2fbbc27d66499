import { defineEndpoint } from '../../shared/api/define-endpoint';
import { readConfigForUpdate, updatePermissionProviderConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.permissionproviderconfig.update',
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'permissionProvider'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Permission provider config updated.',
    data: await updatePermissionProviderConfig(caller.apiKey, input, prefetched),
  }),
});
