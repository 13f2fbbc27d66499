import { defineEndpoint } from '../../shared/api/define-endpoint';
import { settingsContracts } from '../../shared/settings/contracts';
import { getPermissionProviderConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  route: 'workspace.permissionproviderconfig.get',
  contracts: settingsContracts,
  prefetch: ({ apiKey }) => getPermissionProviderConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Permission provider config retrieved.',
    data: await prefetched,
  }),
});
