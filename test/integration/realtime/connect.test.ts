import { SignJWT } from 'jose';
import type { DevServer } from '../../../scripts/local/dev-server';
import { findSigningSecret } from '../../../shared/access/token-repository';
import { decryptSecret } from '../../../shared/security/secrets';
import { succeed } from '../../support/api';
import {
  seedDocument,
  startRealtimeServer,
  storeConnection,
  upgradeStatus,
  userToken,
} from '../../support/realtime';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

/** `$connect` refusals of addendum §9, answered at the upgrade with their HTTP status. */
jest.setTimeout(60_000);

// A deployment's cap is 500 (addendum §9); a small one is quick to fill (room-cap.test.ts: exactness).
const maxConnectionsPerRoom = 3;
const previousCap = process.env.MAX_REALTIME_CONNECTIONS_PER_ROOM;
process.env.MAX_REALTIME_CONNECTIONS_PER_ROOM = String(maxConnectionsPerRoom);

let server: DevServer;
let workspace: TestWorkspace;
let document: { organizationId: string; documentId: string };
let token: string;

beforeAll(async () => {
  server = await startRealtimeServer();
  workspace = await createTestWorkspace();
  document = await seedDocument(workspace);
  token = await userToken(workspace, 'alice');
});

afterAll(async () => {
  await server?.close();
  if (previousCap === undefined) delete process.env.MAX_REALTIME_CONNECTIONS_PER_ROOM;
  else process.env.MAX_REALTIME_CONNECTIONS_PER_ROOM = previousCap;
});

const query = (overrides: Record<string, string | undefined> = {}) => {
  const base: Record<string, string | undefined> = {
    apiKey: workspace.apiKey,
    token,
    ...document,
    editorId: 'editor-1',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(base).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
};

/** A token signed with the API key's real secret but expired an hour ago. */
async function expiredToken(): Promise<string> {
  const secret = decryptSecret((await findSigningSecret(workspace.apiKey))!, `token:${workspace.apiKey}`);
  const issuedAt = Math.floor(Date.now() / 1000) - 49 * 3600;
  return new SignJWT({ userId: 'alice' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('alice')
    .setAudience(workspace.apiKey)
    .setIssuer('collab-backend')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 48 * 3600)
    .sign(new TextEncoder().encode(secret));
}

describe('realtime $connect', () => {
  it('accepts a user with access (101), also from an allowed origin', async () => {
    expect(await upgradeStatus(server, query())).toBe(101);
    expect(await upgradeStatus(server, query(), { origin: 'http://localhost:5173' })).toBe(101);
  });

  it('refuses a missing, malformed, foreign or expired token with 401', async () => {
    const other = await createTestWorkspace();
    const foreign = await userToken(other, 'alice');
    expect(await upgradeStatus(server, query({ token: undefined }))).toBe(401);
    expect(await upgradeStatus(server, query({ token: 'not.a.jwt' }))).toBe(401);
    expect(await upgradeStatus(server, query({ token: foreign }))).toBe(401);
    expect(await upgradeStatus(server, query({ token: await expiredToken() }))).toBe(401);
    expect(await upgradeStatus(server, query({ apiKey: other.apiKey }))).toBe(401);
  });

  it('refuses an unknown organization or document with 404', async () => {
    expect(await upgradeStatus(server, query({ documentId: 'missing' }))).toBe(404);
    expect(await upgradeStatus(server, query({ organizationId: 'missing' }))).toBe(404);
  });

  it('refuses a user without access, or a refused Origin, with 403', async () => {
    const restricted = await seedDocument(workspace, 'restricted');
    expect(await upgradeStatus(server, query(restricted))).toBe(403);
    expect(await upgradeStatus(server, query(), { origin: 'https://evil.example' })).toBe(403);
  });

  it('answers the first refusal in the order 401, 404, 403, 429', async () => {
    const evil = { origin: 'https://evil.example' };
    expect(await upgradeStatus(server, query({ token: 'bad', documentId: 'missing' }), evil)).toBe(401);
    expect(await upgradeStatus(server, query({ documentId: 'missing' }), evil)).toBe(404);
  });

  it(`refuses the connection past ${maxConnectionsPerRoom} in a room with 429`, async () => {
    const full = await seedDocument(workspace);
    const room = { ...full, editorId: 'crowded' };
    for (let index = 0; index < maxConnectionsPerRoom; index += 1) {
      expect(
        await storeConnection(workspace.apiKey, room, { maxConnections: maxConnectionsPerRoom }),
      ).toBeDefined();
    }
    expect(await upgradeStatus(server, query(room))).toBe(429);
    const restricted = await seedDocument(workspace, 'restricted');
    expect(await upgradeStatus(server, query({ ...restricted, editorId: 'crowded' }))).toBe(403);
    expect(await upgradeStatus(server, query({ ...full, editorId: 'another-room' }))).toBe(101);
  });

  it('decides access by memberships, not by claims in the token', async () => {
    const restricted = await seedDocument(workspace, 'restricted');
    const claims = await succeed(workspace, 'auth.token.generate', {
      userId: 'mallory',
      userProperties: { name: 'Mallory', email: 'mallory@example.com' },
      permissions: {
        resources: [
          { type: 'document', id: restricted.documentId, organizationId: restricted.organizationId },
        ],
      },
    });
    expect(await upgradeStatus(server, query({ ...restricted, token: claims.token }))).toBe(403);
    await succeed(workspace, 'users.add', {
      organizationId: restricted.organizationId,
      documentId: restricted.documentId,
      users: [{ userId: 'mallory', name: 'Mallory', email: 'mallory@example.com' }],
    });
    expect(await upgradeStatus(server, query({ ...restricted, token: claims.token }))).toBe(101);
  });
});
