import type { ServerResponse } from 'node:http';
import { providerDenials } from '../../../shared/access/provider';
import { hostResolver } from '../../../shared/security/outbound-http';
import { callAs, succeed } from '../../support/api';
import { givenDocumentInRestrictedFolder } from '../../support/organizations';
import { providerAnswering } from '../../support/permission-provider';
import { type Receiver, startReceiver } from '../../support/receiver';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// The provider receiver listens on 127.0.0.1: loopback is allowed as in the local stack (deployments refuse it).
process.env.ALLOW_LOOPBACK_TARGETS = 'true';
// A short provider timeout so the slow-provider case takes a fraction of a second (default 5 s).
process.env.PERMISSION_PROVIDER_TIMEOUT_MS = '400';

let workspace: TestWorkspace;
let provider: Receiver;
const organizationId = 'org';

beforeAll(async () => {
  provider = await startReceiver();
});

afterAll(async () => {
  await provider.close();
});

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await givenDocumentInRestrictedFolder(workspace, { organizationId, documentId: 'doc' });
  await succeed(workspace, 'workspace.permissionproviderconfig.update', {
    usePermissionProvider: true,
    permissionProviderConfig: { permissionProviderUrl: provider.url, authToken: 'provider-secret' },
  });
  provider.received.length = 0;
});

const lookup = () =>
  succeed(workspace, 'auth.permissions.get', { organizationId, userIds: ['alice'], documentIds: ['doc'] });

describe('auth.permissions.get with the permission provider', () => {
  it('asks the provider, which decides over the local rules; expiresAt comes back in seconds', async () => {
    const expiresAtMs = Date.now() + 3_600_000;
    provider.respond(
      providerAnswering((asked) => ({
        hasAccess: true,
        accessRole: 'viewer',
        ...(asked.resource.type === 'document' && { expiresAt: expiresAtMs }),
      })),
    );
    const data = await lookup();
    expect(data.alice.documents.doc).toEqual({
      accessRole: 'viewer',
      accessType: 'restricted',
      expiresAt: Math.floor(expiresAtMs / 1000),
    });
    expect(data.alice.organization[organizationId]).toMatchObject({ accessRole: 'viewer' });
    const [asked] = provider.received;
    expect(asked?.headers.authorization).toBe('Bearer provider-secret');
    expect(asked?.body.data.requests).toEqual(
      expect.arrayContaining([
        {
          userId: 'alice',
          resource: { id: 'doc', type: 'document', organizationId, parentFolderId: 'vault' },
        },
        { userId: 'alice', resource: { id: organizationId, type: 'organization', organizationId } },
      ]),
    );
  });

  it('denies what the provider denies', async () => {
    provider.respond(providerAnswering(() => ({ hasAccess: false })));
    const data = await lookup();
    expect(data.alice.documents.doc).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
  });

  it('denies access the provider grants with an expiresAt already past', async () => {
    provider.respond(providerAnswering(() => ({ hasAccess: true, expiresAt: Date.now() - 60_000 })));
    const data = await lookup();
    expect(data.alice.documents.doc).toEqual({
      error: providerDenials.expired,
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
    expect(data.alice.organization[organizationId]).toMatchObject({ errorCode: 'permission_denied' });
  });

  // One text for every way the provider can fail: what a URL answered never reaches the caller.
  it.each([
    ['answers HTTP 500', (_request: unknown, response: ServerResponse) => response.writeHead(500).end()],
    [
      'answers HTTP 404 with a body',
      (_request: unknown, response: ServerResponse) => response.writeHead(404).end('internal admin page'),
    ],
    [
      'answers malformed JSON',
      (_request: unknown, response: ServerResponse) => response.writeHead(200).end('{"data": 5}'),
    ],
    [
      'answers something that is not JSON',
      (_request: unknown, response: ServerResponse) => response.writeHead(200).end('<html>'),
    ],
    [
      'is slow',
      (_request: unknown, response: ServerResponse) =>
        setTimeout(() => response.writeHead(200).end('{"data":[]}'), 1500),
    ],
    [
      'leaves a resource unanswered',
      (_request: unknown, response: ServerResponse) => response.writeHead(200).end('{"data":[]}'),
    ],
    [
      'answers far more than it was asked',
      (_request: unknown, response: ServerResponse) =>
        response.writeHead(200).end(`{"data":[],"padding":"${'x'.repeat(200_000)}"}`),
    ],
  ])('fails closed with the generic error when the provider %s', async (_case, behaviour) => {
    provider.respond(behaviour);
    const data = await lookup();
    expect(data.alice.documents.doc).toEqual({
      error: providerDenials.unusable,
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
  });

  it('does not follow a redirect', async () => {
    const elsewhere = await startReceiver();
    provider.respond((_request, response) =>
      response.writeHead(307, { location: `${elsewhere.url}check` }).end(),
    );
    const data = await lookup();
    expect(data.alice.documents.doc.error).toBe(providerDenials.unusable);
    expect(provider.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    await elsewhere.close();
  });

  it('fails closed when the provider is unreachable', async () => {
    const gone = await startReceiver();
    await gone.close();
    await succeed(workspace, 'workspace.permissionproviderconfig.update', {
      permissionProviderConfig: { permissionProviderUrl: gone.url },
    });
    const data = await lookup();
    expect(data.alice.documents.doc.error).toBe(providerDenials.unusable);
  });

  it('still reports a missing document as NOT_FOUND', async () => {
    const response = await callAs(workspace, 'auth.permissions.get', {
      organizationId,
      userIds: ['alice'],
      documentIds: ['nope'],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json.error?.details.alice.documents.nope.errorCode).toBe('does_not_exist');
  });
});

describe('auth.permissions.get with a hostile DNS for the provider name', () => {
  /** The provider configured by host name; the name is answered by the injected resolver only. */
  const useProviderName = async () => {
    const { port } = new URL(provider.url);
    await succeed(workspace, 'workspace.permissionproviderconfig.update', {
      permissionProviderConfig: { permissionProviderUrl: `http://provider.rebind.test:${port}/check` },
    });
    provider.respond(providerAnswering(() => ({ hasAccess: true })));
  };
  /** A resolver answering each lookup with the next of `answers` (the last one repeats). */
  const dnsAnswering = (...answers: (string | Error)[]) => {
    let calls = 0;
    return jest.spyOn(hostResolver, 'resolve').mockImplementation(async () => {
      const answer = answers[Math.min(calls, answers.length - 1)] as string | Error;
      calls += 1;
      if (answer instanceof Error) throw answer;
      return [{ address: answer, family: 4 }];
    });
  };

  afterEach(() => jest.restoreAllMocks());

  it('connects to the address it checked, even when the name answers an internal address afterwards', async () => {
    await useProviderName();
    const dns = dnsAnswering('127.0.0.1', '10.0.0.5');
    const data = await lookup();
    expect(dns).toHaveBeenCalledTimes(1);
    expect(provider.received).toHaveLength(1);
    expect(provider.received[0]?.headers.host).toBe(
      new URL(`http://provider.rebind.test:${new URL(provider.url).port}`).host,
    );
    expect(data.alice.documents.doc).toEqual({ accessRole: 'editor', accessType: 'restricted' });
  });

  it('denies without calling when the name answers an internal address at check time', async () => {
    await useProviderName();
    const dns = dnsAnswering('10.0.0.5', '127.0.0.1');
    const data = await lookup();
    expect(dns).toHaveBeenCalledTimes(1);
    expect(provider.received).toHaveLength(0);
    expect(data.alice.documents.doc.error).toBe(providerDenials.refused);
  });

  it('denies without calling when the name does not resolve at call time', async () => {
    await useProviderName();
    const dns = dnsAnswering(
      Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' }),
      '127.0.0.1',
    );
    const data = await lookup();
    expect(dns).toHaveBeenCalledTimes(1);
    expect(provider.received).toHaveLength(0);
    expect(data.alice.documents.doc.error).toBe(providerDenials.refused);
  });

  it('refuses a name with one internal address among allowed ones', async () => {
    await useProviderName();
    jest.spyOn(hostResolver, 'resolve').mockResolvedValue([
      { address: '127.0.0.1', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ]);
    const data = await lookup();
    expect(provider.received).toHaveLength(0);
    expect(data.alice.documents.doc.error).toBe(providerDenials.refused);
  });
});
