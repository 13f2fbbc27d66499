import { handler as getActivityConfig } from '../../../functions/settings/workspace-activityconfig-get';
import { handler as getAdvancedWebhookConfig } from '../../../functions/settings/workspace-advancedwebhookconfig-get';
import { handler as getPermissionProviderConfig } from '../../../functions/settings/workspace-permissionproviderconfig-get';
import { handler as getWebhookConfig } from '../../../functions/settings/workspace-webhookconfig-get';
import { call } from '../../support/lambda';
import { createTestWorkspace } from '../../support/workspaces';

describe('config reads', () => {
  it.each([
    ['workspace.webhookconfig.get', getWebhookConfig],
    ['workspace.advancedwebhookconfig.get', getAdvancedWebhookConfig],
    ['workspace.activityconfig.get', getActivityConfig],
    ['workspace.permissionproviderconfig.get', getPermissionProviderConfig],
  ])('%s refuses an invalid API key with PERMISSION_DENIED', async (_route, handler) => {
    const workspace = await createTestWorkspace();
    for (const headers of [
      { ...workspace.apiKeyHeaders, 'x-svc-api-key': 'ak_unknown' },
      { ...workspace.apiKeyHeaders, 'x-svc-auth-token': 'wrong' },
      {},
    ]) {
      const response = await call(handler, { headers });
      expect(response.statusCode).toBe(403);
      expect(response.json.error).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'Invalid API key or auth token.',
      });
    }
  });
});
