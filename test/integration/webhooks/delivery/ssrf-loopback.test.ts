import { askProvider, providerDenials } from '../../../../shared/access/provider';
import { ForbiddenTargetError, hostResolver } from '../../../../shared/security/outbound-http';
import { postWebhook } from '../../../../shared/webhooks/delivery/http-post';
import { callAs } from '../../../support/api';
import { startReceiver } from '../../../support/receiver';
import { createWebhookWorkspace } from '../../../support/webhooks';

// The local stack's rule: loopback allowed, every other non-public address still refused.
process.env.ALLOW_LOOPBACK_TARGETS = 'true';

const stillRefused = [
  'http://169.254.169.254/latest/meta-data',
  'http://10.0.0.5/hook',
  'http://172.16.0.1/',
  'http://192.168.0.10/',
  'http://100.64.1.1/',
  'http://0.0.0.0:8080/',
  'http://[fd00::1]/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::]/',
];

afterEach(() => jest.restoreAllMocks());

describe('loopback-only rule (ALLOW_LOOPBACK_TARGETS)', () => {
  it.each(['http://127.0.0.1:8080/hook', 'http://127.1.2.3/', 'http://[::1]:8080/hook'])(
    'accepts loopback url %s at config time',
    async (url) => {
      const workspace = await createWebhookWorkspace();
      const response = await callAs(workspace, 'workspace.advancedwebhook.endpoints.create', { url });
      expect(response.statusCode).toBe(200);
    },
  );

  it.each(stillRefused)('still refuses %s at config time', async (url) => {
    const workspace = await createWebhookWorkspace();
    const responses = await Promise.all([
      callAs(workspace, 'workspace.advancedwebhook.endpoints.create', { url }),
      callAs(workspace, 'workspace.webhookconfig.update', {
        webhookServiceConfig: { rawNotificationUrl: url },
      }),
      callAs(workspace, 'workspace.permissionproviderconfig.update', {
        permissionProviderConfig: { permissionProviderUrl: url },
      }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.json.error?.message).toMatch(/: must resolve to a public internet address$/);
    }
  });

  it.each(stillRefused)('still refuses %s at call time', async (url) => {
    await expect(postWebhook(url, '{}', {}, 2000)).rejects.toBeInstanceOf(ForbiddenTargetError);
    const answer = await askProvider({ url, authToken: 't' }, []);
    expect(
      answer({ userId: 'u', resource: { id: 'o', type: 'organization', organizationId: 'o' } }).error,
    ).toBe(providerDenials.refused);
  });

  it('delivers to a receiver on 127.0.0.1', async () => {
    const receiver = await startReceiver();
    const answer = await postWebhook(`${receiver.url}hook`, '{"a":1}', { 'x-test': 'yes' }, 2000);
    expect(answer.statusCode).toBe(204);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.body).toEqual({ a: 1 });
    await receiver.close();
  });

  it('refuses a name whose addresses mix loopback with a private one, sending nothing', async () => {
    const receiver = await startReceiver();
    jest.spyOn(hostResolver, 'resolve').mockResolvedValue([
      { address: '127.0.0.1', family: 4 },
      { address: '::ffff:10.1.2.3', family: 6 },
    ]);
    const { port } = new URL(receiver.url);
    await expect(postWebhook(`http://mixed.example:${port}/`, '{}', {}, 2000)).rejects.toBeInstanceOf(
      ForbiddenTargetError,
    );
    expect(receiver.received).toHaveLength(0);
    await receiver.close();
  });

  it('does not follow a redirect, and keeps at most 1 KiB of the answer', async () => {
    const receiver = await startReceiver();
    const elsewhere = await startReceiver();
    receiver.respond((_request, response) =>
      response.writeHead(302, { location: `${elsewhere.url}moved` }).end('x'.repeat(100_000)),
    );
    const answer = await postWebhook(receiver.url, '{}', {}, 2000);
    expect(answer.statusCode).toBe(302);
    expect(answer.body).toHaveLength(1024);
    expect(elsewhere.received).toHaveLength(0);
    await Promise.all([receiver.close(), elsewhere.close()]);
  });
});
