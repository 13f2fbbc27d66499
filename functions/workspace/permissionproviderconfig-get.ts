import { defineEndpoint } from '../../shared/http/define-endpoint';
import { getPermissionProviderConfig } from '../../shared/settings/service';
import { noInput } from '../../shared/workspace/schemas';

export const handler = defineEndpoint({
  route: 'workspace.permissionproviderconfig.get',
  input: noInput,
  prefetch: ({ apiKey }) => getPermissionProviderConfig(apiKey),
  run: async ({ prefetched }) => ({
    message: 'Permission provider config retrieved.',
    data: await prefetched,
  }),
});
