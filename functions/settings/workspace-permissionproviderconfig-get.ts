import { defineEndpoint } from '../../shared/api/define-endpoint';
import { noInput } from '../../shared/http/common-schemas';
import { settingsRoutes } from '../../shared/settings/routes';
import { getPermissionProviderConfig } from '../../shared/settings/service';

export const handler = defineEndpoint({
  routes: settingsRoutes,
  route: 'workspace.permissionproviderconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getPermissionProviderConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Permission provider config retrieved.',
    data: await prefetched,
  }),
});
