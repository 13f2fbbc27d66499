import { askProvider } from '../../../shared/access/provider';
import { postWebhook } from '../../../shared/delivery/http-post';
import { ForbiddenTargetError } from '../../../shared/delivery/target-guard';
import { callAs } from '../../support/api';
import { startReceiver } from '../../support/receiver';
import { createWebhookWorkspace } from '../../support/webhooks';

// The deployed default: private targets refused (no ALLOW_PRIVATE_WEBHOOK_TARGETS).
delete process.env.ALLOW_PRIVATE_WEBHOOK_TARGETS;

const privateUrls = [
  'http://127.0.0.1:8080/hook',
  'http://localhost/hook',
  'http://10.0.0.5/hook',
  'http://169.254.169.254/latest/meta-data',
  'http://100.64.1.1/',
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[fd00:ec2::254]/',
];

describe('permission provider addresses (SSRF)', () => {
  it('refuses a private provider URL in the config and denies a call to one', async () => {
    const workspace = await createWebhookWorkspace();
    const response = await callAs(workspace, 'workspace.permissionproviderconfig.update', {
      usePermissionProvider: true,
      permissionProviderConfig: { permissionProviderUrl: 'http://127.0.0.1:8080/check' },
    });
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(response.json.error?.message).toContain('permissionProviderConfig.permissionProviderUrl');
    const answer = await askProvider({ url: 'http://[::1]:9/check', authToken: 't' }, []);
    const entry = answer({ userId: 'u', resource: { id: 'd', type: 'document', organizationId: 'o' } });
    expect(entry).toMatchObject({ errorCode: 'permission_denied' });
    expect(entry.error).toMatch(/private or internal address/);
  });
});

describe('webhook target addresses (SSRF)', () => {
  it.each(privateUrls)('refuses endpoint url %s at create time', async (url) => {
    const workspace = await createWebhookWorkspace();
    const response = await callAs(workspace, 'workspace.advancedwebhook.endpoints.create', { url });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(response.json.error?.message).toContain('url');
  });

  it('refuses a private URL in an endpoint update and in the basic webhook config', async () => {
    const workspace = await createWebhookWorkspace();
    const created = await callAs(workspace, 'workspace.advancedwebhook.endpoints.create', {
      url: 'https://hooks.example.com/ok',
    });
    expect(created.statusCode).toBe(200);
    const updated = await callAs(workspace, 'workspace.advancedwebhook.endpoints.update', {
      endpointId: created.json.result?.data.id,
      url: 'http://192.168.0.10/',
    });
    expect(updated.json.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    const basic = await callAs(workspace, 'workspace.webhookconfig.update', {
      webhookServiceConfig: { rawNotificationUrl: 'http://169.254.169.254/' },
    });
    expect(basic.json.error?.message).toContain('rawNotificationUrl');
  });

  it('refuses to connect to a private address at delivery time, without sending anything', async () => {
    const receiver = await startReceiver();
    await expect(postWebhook(receiver.url, '{}', {}, 2000)).rejects.toBeInstanceOf(ForbiddenTargetError);
    expect(receiver.received).toHaveLength(0);
    await receiver.close();
  });
});
