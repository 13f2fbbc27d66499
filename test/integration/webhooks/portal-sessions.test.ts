import { sealWithCurrentKey } from '../../../shared/security/keyring';
import { publish } from '../../../shared/webhooks/outbox';
import { openPortalToken } from '../../../shared/webhooks/portal-tokens';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { callWithToken, statusOf } from '../../support/portal';
import { commentEvent, createWebhookWorkspace, messageRefOf, waitForMessage } from '../../support/webhooks';
import type { TestWorkspace } from '../../support/workspaces';

jest.setTimeout(120_000);

const suite = deliverySuite();
beforeAll(() => {
  suite.receiver.respond((_request, response) => response.writeHead(204).end());
});

const session = 'workspace.advancedwebhook.portal.session';
const revoke = 'workspace.advancedwebhook.portal.session.revoke';

async function openSession(workspace: TestWorkspace, data: Record<string, unknown> = {}): Promise<string> {
  return (await succeed(workspace, session, data)).token;
}

async function endpointOf(workspace: TestWorkspace, name: string): Promise<string> {
  const endpoint = await succeed(workspace, 'workspace.advancedwebhook.endpoints.create', {
    url: `${suite.receiver.url}${name}-${workspace.apiKey}`,
  });
  return endpoint.id;
}

describe('workspace.advancedwebhook.portal.session', () => {
  it('answers a token and the portal URL with the token in its fragment, ending after expiresInSeconds', async () => {
    const workspace = await createWebhookWorkspace();
    const before = Date.now();
    const data = await succeed(workspace, session, { expiresInSeconds: 600 });
    expect(data.url).toBe(`https://test.local/portal#token=${encodeURIComponent(data.token)}`);
    expect(data.expiresAt).toBeGreaterThanOrEqual(before + 600_000);
    expect(data.expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(openPortalToken(data.token)).toMatchObject({
      apiKey: workspace.apiKey,
      expiresAt: data.expiresAt,
    });
    // An hour by default.
    const byDefault = await succeed(workspace, session, {});
    expect(byDefault.expiresAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(byDefault.expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('refuses bad input naming the field, unknown endpoints, and a portal token as its credential', async () => {
    const workspace = await createWebhookWorkspace();
    for (const [data, field] of [
      [{ expiresInSeconds: 59 }, 'expiresInSeconds'],
      [{ expiresInSeconds: 86_401 }, 'expiresInSeconds'],
      [{ readOnly: 'yes' }, 'readOnly'],
      [{ endpointIds: [] }, 'endpointIds'],
    ] as const) {
      const response = await callAs(workspace, session, data);
      expect(statusOf(response)).toEqual([400, 'INVALID_ARGUMENT']);
      expect(response.json.error?.message).toContain(field);
    }
    const unknown = await callAs(workspace, session, { endpointIds: ['ep_nobody'] });
    expect(statusOf(unknown)).toEqual([404, 'NOT_FOUND']);
    expect(unknown.json.error?.message).toContain('ep_nobody');

    const token = await openSession(workspace);
    expect(statusOf(await callWithToken(session, token, {}))).toEqual([403, 'PERMISSION_DENIED']);
    expect(statusOf(await callWithToken(revoke, token, { token }))).toEqual([403, 'PERMISSION_DENIED']);
  });
});

describe('workspace.advancedwebhook.portal.session.get', () => {
  it('answers what the credentials may do, from what auth read alone', async () => {
    const workspace = await createWebhookWorkspace();
    const endpointId = await endpointOf(workspace, 'scoped');
    const byKey = await callAs(workspace, 'workspace.advancedwebhook.portal.session.get', {});
    expect(byKey.json.result?.data).toEqual({ portal: false, readOnly: false, endpointIds: null });
    expect(byKey.db.commands).toEqual(['GetItem']);

    const full = await callWithToken(
      'workspace.advancedwebhook.portal.session.get',
      await openSession(workspace),
      {},
    );
    expect(full.json.result?.data).toEqual({ portal: true, readOnly: false, endpointIds: null });
    const limited = await openSession(workspace, { readOnly: true, endpointIds: [endpointId] });
    const scoped = await callWithToken('workspace.advancedwebhook.portal.session.get', limited, {});
    expect(scoped.json.result?.data).toEqual({ portal: true, readOnly: true, endpointIds: [endpointId] });
    // The credential and the session, in one round trip.
    expect(scoped.db.commands.sort()).toEqual(['GetItem', 'GetItem']);
    expect(scoped.db.serialRoundTrips).toBe(1);
    const extra = await callWithToken('workspace.advancedwebhook.portal.session.get', limited, {
      readOnly: false,
    });
    expect(statusOf(extra)).toEqual([400, 'INVALID_ARGUMENT']);
  });
});

describe('a portal session token', () => {
  it('calls every advanced-webhook route as its API key, whatever the Origin, and no other route', async () => {
    const workspace = await createWebhookWorkspace();
    const token = await openSession(workspace);
    const created = await callWithToken(
      'workspace.advancedwebhook.endpoints.create',
      token,
      { url: 'https://hooks.example.com/portal' },
      { origin: 'https://customer.example.org' },
    );
    expect(statusOf(created)).toEqual([200, 'OK']);
    const endpointId = created.json.result?.data.id;
    const listed = await succeed(workspace, 'workspace.advancedwebhook.endpoints.get', {});
    expect(listed.endpoints.map((endpoint: { id: string }) => endpoint.id)).toEqual([endpointId]);
    const secret = await callWithToken('workspace.advancedwebhook.endpoints.secret.get', token, {
      endpointId,
    });
    expect(secret.json.result?.data.secret).toMatch(/^whsec_/);
    expect(statusOf(await callWithToken('workspace.advancedwebhook.eventtypes.get', token, {}))).toEqual([
      200,
      'OK',
    ]);

    for (const route of [
      'workspace.advancedwebhookconfig.get',
      'workspace.webhooks.test',
      'users.get',
    ] as const)
      expect(statusOf(await callWithToken(route, token, {}))).toEqual([403, 'PERMISSION_DENIED']);
  });

  it('of a read-only session calls only the list, get and stats routes', async () => {
    const workspace = await createWebhookWorkspace();
    const endpointId = await endpointOf(workspace, 'read-only');
    const token = await openSession(workspace, { readOnly: true });
    for (const [route, data] of [
      ['workspace.advancedwebhook.endpoints.get', {}],
      ['workspace.advancedwebhook.endpoints.stats', { endpointId }],
      ['workspace.advancedwebhook.endpoints.messages.get', { endpointId }],
      ['workspace.advancedwebhook.messages.get', {}],
      ['workspace.advancedwebhook.eventtypes.get', {}],
    ] as const)
      expect(statusOf(await callWithToken(route, token, data))).toEqual([200, 'OK']);
    // The route takes the token: a message that does not exist, not a refusal.
    const attempts = await callWithToken('workspace.advancedwebhook.messages.attempts.get', token, {
      messageId: 'evt_nothing',
      timestamp: Date.now(),
    });
    expect(statusOf(attempts)).toEqual([404, 'NOT_FOUND']);
    for (const [route, data] of [
      ['workspace.advancedwebhook.endpoints.secret.get', { endpointId }],
      ['workspace.advancedwebhook.endpoints.secret.rotate', { endpointId }],
      ['workspace.advancedwebhook.endpoints.update', { endpointId, disabled: true }],
      ['workspace.advancedwebhook.endpoints.delete', { endpointId }],
      ['workspace.advancedwebhook.endpoints.create', { url: 'https://hooks.example.com/x' }],
    ] as const)
      expect(statusOf(await callWithToken(route, token, data))).toEqual([403, 'PERMISSION_DENIED']);
    // Nothing changed.
    const listed = await succeed(workspace, 'workspace.advancedwebhook.endpoints.get', {});
    expect(listed.endpoints).toEqual([expect.objectContaining({ id: endpointId, disabled: false })]);
  });

  it('of a session limited to endpoints sees and changes only those', async () => {
    const workspace = await createWebhookWorkspace();
    const mine = await endpointOf(workspace, 'mine');
    const other = await endpointOf(workspace, 'other');
    const event = commentEvent();
    await publish(workspace.apiKey, event);
    for (const endpointId of [mine, other])
      await waitForMessage(messageRefOf(workspace.apiKey, endpointId, event), 'succeeded');
    const token = await openSession(workspace, { endpointIds: [mine] });

    const listed = await callWithToken('workspace.advancedwebhook.endpoints.get', token, {});
    expect(listed.json.result?.data.endpoints.map((endpoint: { id: string }) => endpoint.id)).toEqual([mine]);
    const messages = await callWithToken('workspace.advancedwebhook.messages.get', token, {});
    expect(messages.json.result?.data).toEqual([
      expect.objectContaining({
        messageId: event.id,
        endpoints: [expect.objectContaining({ endpointId: mine })],
      }),
    ]);
    const attempts = await callWithToken('workspace.advancedwebhook.messages.attempts.get', token, {
      messageId: event.id,
      timestamp: event.timestamp,
    });
    expect(attempts.json.result?.data.map((attempt: { endpointId: string }) => attempt.endpointId)).toEqual([
      mine,
    ]);
    expect(
      statusOf(await callWithToken('workspace.advancedwebhook.endpoints.stats', token, { endpointId: mine })),
    ).toEqual([200, 'OK']);

    for (const [route, data] of [
      ['workspace.advancedwebhook.endpoints.stats', { endpointId: other }],
      ['workspace.advancedwebhook.endpoints.secret.get', { endpointId: other }],
      ['workspace.advancedwebhook.endpoints.update', { endpointId: other, disabled: true }],
      ['workspace.advancedwebhook.endpoints.delete', { endpointId: other }],
      [
        'workspace.advancedwebhook.messages.attempts.get',
        { messageId: event.id, timestamp: event.timestamp, endpointId: other },
      ],
      [
        'workspace.advancedwebhook.messages.resend',
        { messageId: event.id, timestamp: event.timestamp, endpointId: other },
      ],
    ] as const)
      expect(statusOf(await callWithToken(route, token, data))).toEqual([404, 'NOT_FOUND']);
    const create = await callWithToken('workspace.advancedwebhook.endpoints.create', token, {
      url: 'https://hooks.example.com/new',
    });
    expect(statusOf(create)).toEqual([403, 'PERMISSION_DENIED']);
    const all = await succeed(workspace, 'workspace.advancedwebhook.endpoints.get', {});
    expect(
      all.endpoints.map((endpoint: { id: string; disabled: boolean }) => [endpoint.id, endpoint.disabled]),
    ).toEqual([
      [other, false],
      [mine, false],
    ]);
  });

  it('is UNAUTHENTICATED once revoked, expired or altered; revoking twice succeeds', async () => {
    const workspace = await createWebhookWorkspace();
    const list = 'workspace.advancedwebhook.endpoints.get';
    const token = await openSession(workspace);
    expect(statusOf(await callWithToken(list, token, {}))).toEqual([200, 'OK']);

    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(statusOf(await callWithToken(list, altered, {}))).toEqual([401, 'UNAUTHENTICATED']);
    // Sealed like a real token, but past its expiry (its session item is still there).
    const claims = openPortalToken(token) as { apiKey: string; sessionId: string };
    const expired = sealWithCurrentKey(
      'portal-session',
      Buffer.from(JSON.stringify({ a: claims.apiKey, s: claims.sessionId, e: Date.now() - 1 })),
      'portal-session',
    );
    expect(statusOf(await callWithToken(list, expired, {}))).toEqual([401, 'UNAUTHENTICATED']);
    // A value sealed for another purpose (a page token's key) does not open as a portal token.
    const page = sealWithCurrentKey(
      'page-token',
      Buffer.from(JSON.stringify({ a: claims.apiKey })),
      'portal-session',
    );
    expect(statusOf(await callWithToken(list, page, {}))).toEqual([401, 'UNAUTHENTICATED']);

    expect(statusOf(await callAs(workspace, revoke, { token }))).toEqual([200, 'OK']);
    expect(statusOf(await callWithToken(list, token, {}))).toEqual([401, 'UNAUTHENTICATED']);
    expect(statusOf(await callAs(workspace, revoke, { token }))).toEqual([200, 'OK']);
    expect(statusOf(await callAs(workspace, revoke, { token: altered }))).toEqual([404, 'NOT_FOUND']);
  });

  it("of one API key reaches nothing of another's", async () => {
    const mine = await createWebhookWorkspace();
    const theirs = await createWebhookWorkspace();
    const theirEndpoint = await endpointOf(theirs, 'theirs');
    const token = await openSession(mine);
    for (const [route, data] of [
      ['workspace.advancedwebhook.endpoints.secret.get', { endpointId: theirEndpoint }],
      ['workspace.advancedwebhook.endpoints.update', { endpointId: theirEndpoint, disabled: true }],
      ['workspace.advancedwebhook.endpoints.stats', { endpointId: theirEndpoint }],
    ] as const)
      expect(statusOf(await callWithToken(route, token, data))).toEqual([404, 'NOT_FOUND']);
    const listed = await callWithToken('workspace.advancedwebhook.endpoints.get', token, {});
    expect(listed.json.result?.data.endpoints).toEqual([]);
    // The API-key headers win over a token: another key's id without its auth token is refused.
    const mixed = await callWithToken(
      'workspace.advancedwebhook.endpoints.get',
      token,
      {},
      {
        'x-svc-api-key': theirs.apiKey,
      },
    );
    expect(statusOf(mixed)).toEqual([403, 'PERMISSION_DENIED']);
    // Revoking another key's session is NOT_FOUND, and leaves it working.
    const theirToken = await openSession(theirs);
    expect(statusOf(await callAs(mine, revoke, { token: theirToken }))).toEqual([404, 'NOT_FOUND']);
    expect(statusOf(await callWithToken('workspace.advancedwebhook.endpoints.get', theirToken, {}))).toEqual([
      200,
      'OK',
    ]);
  });
});
