import { callAs, succeed } from '../../support/api';
import { type Receiver, startReceiver } from '../../support/receiver';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// The provider receiver listens on 127.0.0.1, which deployments refuse (SSRF guard).
process.env.ALLOW_PRIVATE_WEBHOOK_TARGETS = 'true';
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
  await succeed(workspace, 'organizations.folders.add', {
    organizationId,
    createOrganization: true,
    folders: [{ folderId: 'vault', accessType: 'restricted' }],
  });
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    folderId: 'vault',
    documents: [{ documentId: 'doc' }],
  });
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
    provider.respond((request, response) => {
      const data = request.body.data.requests.map(
        (asked: { userId: string; resource: { id: string; type: string } }) => ({
          userId: asked.userId,
          resourceId: asked.resource.id,
          type: asked.resource.type,
          hasAccess: true,
          accessRole: 'viewer',
          ...(asked.resource.type === 'document' && { expiresAt: expiresAtMs }),
        }),
      );
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
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
    provider.respond((request, response) => {
      const data = request.body.data.requests.map(
        (asked: { userId: string; resource: { id: string; type: string } }) => ({
          userId: asked.userId,
          resourceId: asked.resource.id,
          type: asked.resource.type,
          hasAccess: false,
        }),
      );
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
    const data = await lookup();
    expect(data.alice.documents.doc).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
  });

  it.each([
    ['answers HTTP 500', (_request: unknown, response: any) => response.writeHead(500).end(), /HTTP 500/],
    [
      'answers malformed JSON',
      (_request: unknown, response: any) => response.writeHead(200).end('{"data": 5}'),
      /malformed/,
    ],
    [
      'is slow',
      (_request: unknown, response: any) =>
        setTimeout(() => response.writeHead(200).end('{"data":[]}'), 1500),
      /did not answer/,
    ],
    [
      'leaves a resource unanswered',
      (_request: unknown, response: any) => response.writeHead(200).end('{"data":[]}'),
      /no answer/,
    ],
  ])('fails closed with an explanatory error when the provider %s', async (_case, behaviour, reason) => {
    provider.respond(behaviour);
    const data = await lookup();
    expect(data.alice.documents.doc).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
    expect(data.alice.documents.doc.error).toMatch(reason);
  });

  it('fails closed when the provider is unreachable', async () => {
    const gone = await startReceiver();
    await gone.close();
    await succeed(workspace, 'workspace.permissionproviderconfig.update', {
      permissionProviderConfig: { permissionProviderUrl: gone.url },
    });
    const data = await lookup();
    expect(data.alice.documents.doc.error).toMatch(/unreachable/);
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
