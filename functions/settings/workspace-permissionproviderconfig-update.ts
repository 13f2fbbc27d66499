import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { readConfigForUpdate, updatePermissionProviderConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.permissionproviderconfig.update',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => readConfigForUpdate(apiKey, 'permissionProvider'),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Permission provider config updated.',
    data: await updatePermissionProviderConfig(caller.apiKey, input, prefetched),
  }),
});
