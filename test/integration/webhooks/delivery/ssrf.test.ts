import { askProvider, providerDenials } from '../../../../shared/access/provider';
import {
  ForbiddenTargetError,
  hostResolver,
  UnresolvedTargetError,
} from '../../../../shared/security/outbound-http';
import { postWebhook } from '../../../../shared/webhooks/delivery/http-post';
import { callAs } from '../../../support/api';
import { startReceiver } from '../../../support/receiver';
import { createWebhookWorkspace } from '../../../support/webhooks';

// The deployed default: no loopback either (ALLOW_LOOPBACK_TARGETS unset).
delete process.env.ALLOW_LOOPBACK_TARGETS;

const refusedUrls = [
  'http://127.0.0.1:8080/hook',
  'http://localhost/hook',
  'http://10.0.0.5/hook',
  'http://169.254.169.254/latest/meta-data',
  'http://100.64.1.1/',
  'http://0.0.0.0:8080/',
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[fd00:ec2::254]/',
];

const anyDocument = { userId: 'u', resource: { id: 'd', type: 'document' as const, organizationId: 'o' } };

afterEach(() => jest.restoreAllMocks());

describe('permission provider addresses (SSRF)', () => {
  it('refuses a private provider URL in the config and denies a call to one', async () => {
    const workspace = await createWebhookWorkspace();
    const response = await callAs(workspace, 'workspace.permissionproviderconfig.update', {
      usePermissionProvider: true,
      permissionProviderConfig: { permissionProviderUrl: 'http://127.0.0.1:8080/check' },
    });
    expect(response.json.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'permissionProviderConfig.permissionProviderUrl: must resolve to a public internet address',
    });
    const answer = await askProvider({ url: 'http://[::1]:9/check', authToken: 't' }, []);
    expect(answer(anyDocument)).toEqual({ error: providerDenials.refused, errorCode: 'permission_denied' });
  });

  it('never calls a provider on loopback in a deployment', async () => {
    const provider = await startReceiver();
    const answer = await askProvider({ url: provider.url, authToken: 't' }, [anyDocument]);
    expect(answer(anyDocument).error).toBe(providerDenials.refused);
    expect(provider.received).toHaveLength(0);
    await provider.close();
  });
});

describe('webhook target addresses (SSRF)', () => {
  it.each(refusedUrls)('refuses endpoint url %s at create time', async (url) => {
    const workspace = await createWebhookWorkspace();
    const response = await callAs(workspace, 'workspace.advancedwebhook.endpoints.create', { url });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'url: must resolve to a public internet address',
    });
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

  it('refuses a name that resolves to an internal address at config time, without naming the address', async () => {
    const workspace = await createWebhookWorkspace();
    jest.spyOn(hostResolver, 'resolve').mockResolvedValue([{ address: '::ffff:169.254.169.254', family: 6 }]);
    const response = await callAs(workspace, 'workspace.advancedwebhook.endpoints.create', {
      url: 'https://metadata.attacker.example/',
    });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).not.toContain('169.254');
  });

  it('accepts a name that does not resolve at config time (it is checked at every call)', async () => {
    const workspace = await createWebhookWorkspace();
    const dns = jest.spyOn(hostResolver, 'resolve').mockRejectedValue(new Error('ENOTFOUND'));
    const response = await callAs(workspace, 'workspace.advancedwebhook.endpoints.create', {
      url: 'https://not-yet-published.example/',
    });
    expect(response.statusCode).toBe(200);
    expect(dns).toHaveBeenCalledWith('not-yet-published.example');
  });

  it('refuses to connect to a loopback receiver at delivery time, without sending anything', async () => {
    const receiver = await startReceiver();
    await expect(postWebhook(receiver.url, '{}', {}, 2000)).rejects.toBeInstanceOf(ForbiddenTargetError);
    expect(receiver.received).toHaveLength(0);
    await receiver.close();
  });

  it('denies a delivery whose name does not resolve at call time, with a typed error', async () => {
    jest.spyOn(hostResolver, 'resolve').mockRejectedValue(new Error('ENOTFOUND'));
    const sent = postWebhook('https://gone.example/hook', '{}', {}, 2000);
    await expect(sent).rejects.toBeInstanceOf(UnresolvedTargetError);
    await expect(sent).rejects.toBeInstanceOf(ForbiddenTargetError);
  });

  it.each(['10.0.0.5', '169.254.169.254', '::ffff:192.168.1.1', 'fd00::1'])(
    'refuses at delivery time a name that resolves to %s, naming no address',
    async (address) => {
      jest
        .spyOn(hostResolver, 'resolve')
        .mockResolvedValue([{ address, family: address.includes(':') ? 6 : 4 }]);
      const error = await postWebhook('https://rebound.example/hook', '{}', {}, 2000).catch((e) => e);
      expect(error).toBeInstanceOf(ForbiddenTargetError);
      expect(error).not.toBeInstanceOf(UnresolvedTargetError);
      expect(error.message).not.toContain(address);
      expect(error.message).not.toContain('rebound.example');
    },
  );
});
