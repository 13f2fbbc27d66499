import { randomUUID } from 'node:crypto';
import * as decoding from 'lib0/decoding';
import { succeed } from '../../support/api';
import { holdDate } from '../../support/held-date';
import { waitFor } from '../../support/poll';
import { type TestClient, useRealtimeSession } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';
import { type MigrationQueue, startMigrationQueue } from '../migration/support';

/**
 * Addendum §9 closing rules on open connections: every route that changes access closes (4403,
 * 4404) or downgrades the affected connections, and a connection whose access ended without any
 * route (an expired grant) is closed at its next message. Real y-websocket clients.
 */
jest.setTimeout(60_000);

// Every message checks the access stamp (the window is measured in access-recheck.test.ts).
process.env.REALTIME_ACCESS_RECHECK_SECONDS = '0';
process.env.ERASE_SETTLE_SECONDS = '0';

let queue: MigrationQueue;
// Before the dev server starts: it reads the queue URLs this sets.
beforeAll(async () => {
  queue = await startMigrationQueue();
});
afterAll(() => queue.stop());
const session = useRealtimeSession(createTestWorkspace);

/** A fresh organization with one document (no access type of its own: it inherits its folder's). */
async function seed(options: { accessType?: 'public' | 'organizationPrivate' | 'restricted' } = {}) {
  const organizationId = `org-${randomUUID()}`;
  const documentId = `doc-${randomUUID()}`;
  await succeed(session.workspace, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(session.workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId, ...(options.accessType && { accessType: options.accessType }) }],
  });
  await succeed(session.workspace, 'crdt.add', {
    organizationId,
    documentId,
    editorId: 'e',
    type: 'text',
    data: 'kept',
  });
  return { organizationId, documentId, editorId: 'e' };
}

const stored = async (room: { organizationId: string; documentId: string; editorId: string }) =>
  (await succeed(session.workspace, 'crdt.get', room))[0]?.data as string | undefined;

/** Counts the y-protocols `permission-denied` messages the client receives. */
function denials(client: TestClient): number[] {
  const seen: number[] = [];
  client.provider.messageHandlers[2] = (_encoder, decoder) => {
    seen.push(decoding.readVarUint(decoder));
  };
  return seen;
}

/** Edits, then waits until the connection is closed, and returns the close code. */
async function editUntilClosed(client: TestClient): Promise<number | undefined> {
  client.doc.getText('content').insert(0, 'not ');
  await waitFor(() => client.closes.length > 0, 10_000, 'the close');
  return client.closes[0]?.code;
}

/** Edits as a viewer: answered with permission-denied, and nothing is stored. */
async function editIsRefused(client: TestClient, room: Parameters<typeof stored>[0]) {
  const seen = denials(client);
  client.doc.getText('content').insert(0, 'not ');
  await waitFor(() => seen.length === 1, 10_000, 'permission-denied');
  expect(await stored(room)).toBe('kept');
  expect(client.closes).toEqual([]);
}

describe('access changes on open connections', () => {
  it('auth.permissions.add of a document viewer grant makes the open connection read-only', async () => {
    const room = await seed({ accessType: 'public' });
    const alice = await session.join(room, 'alice');
    await succeed(session.workspace, 'auth.permissions.add', {
      user: { userId: 'alice' },
      permissions: {
        resources: [
          {
            type: 'document',
            id: room.documentId,
            organizationId: room.organizationId,
            accessRole: 'viewer',
          },
        ],
      },
    });
    const access = await succeed(session.workspace, 'auth.permissions.get', {
      organizationId: room.organizationId,
      documentIds: [room.documentId],
      userIds: ['alice'],
    });
    expect(JSON.stringify(access)).toContain('viewer');
    await editIsRefused(alice, room);
  });

  it('users.add of a document viewer membership makes the open connection read-only', async () => {
    const room = await seed({ accessType: 'public' });
    const bob = await session.join(room, 'bob');
    await succeed(session.workspace, 'users.add', {
      organizationId: room.organizationId,
      documentId: room.documentId,
      users: [{ userId: 'bob', accessRole: 'viewer' }],
    });
    await editIsRefused(bob, room);
  });

  it('auth.permissions.remove of an organization grant closes the connection with 4403', async () => {
    const room = await seed({ accessType: 'organizationPrivate' });
    await succeed(session.workspace, 'auth.permissions.add', {
      user: { userId: 'carol' },
      permissions: { resources: [{ type: 'organization', id: room.organizationId }] },
    });
    const carol = await session.join(room, 'carol');
    await succeed(session.workspace, 'auth.permissions.remove', {
      userId: 'carol',
      permissions: { resources: [{ type: 'organization', id: room.organizationId }] },
    });
    expect(await editUntilClosed(carol)).toBe(4403);
    expect(carol.provider.shouldConnect).toBe(false);
    expect(await stored(room)).toBe('kept');
  });

  it('organizations.documents.add moving the document into a restricted folder closes a non-member with 4403', async () => {
    const room = await seed();
    await succeed(session.workspace, 'organizations.folders.add', {
      organizationId: room.organizationId,
      folders: [{ folderId: 'private', accessType: 'restricted' }],
    });
    const dora = await session.join(room, 'dora');
    await succeed(session.workspace, 'organizations.documents.add', {
      organizationId: room.organizationId,
      folderId: 'private',
      documents: [{ documentId: room.documentId }],
    });
    expect(await editUntilClosed(dora)).toBe(4403);
    expect(await stored(room)).toBe('kept');
  });

  it('organizations.folders.update restricting the document’s folder closes a non-member with 4403', async () => {
    const room = await seed();
    await succeed(session.workspace, 'organizations.folders.add', {
      organizationId: room.organizationId,
      folders: [{ folderId: 'shared', accessType: 'public' }],
    });
    await succeed(session.workspace, 'organizations.documents.add', {
      organizationId: room.organizationId,
      folderId: 'shared',
      documents: [{ documentId: room.documentId }],
    });
    const erin = await session.join(room, 'erin');
    await succeed(session.workspace, 'organizations.folders.update', {
      organizationId: room.organizationId,
      folders: [{ folderId: 'shared', accessType: 'restricted' }],
    });
    expect(await editUntilClosed(erin)).toBe(4403);
    expect(await stored(room)).toBe('kept');
  });

  it('users.data.delete closes the user’s connections in every organization with 4403, and the job leaves none', async () => {
    const first = await seed({ accessType: 'public' });
    const second = await seed({ accessType: 'public' });
    const finn = [await session.join(first, 'finn'), await session.join(second, 'finn')];
    const other = await session.join(first, 'gail');
    await succeed(session.workspace, 'users.data.delete', { userId: 'finn' });
    for (const client of finn) {
      await waitFor(() => client.closes.length > 0, 10_000, 'the close');
      expect(client.closes[0]?.code).toBe(4403);
    }
    await queue.drain();
    other.doc.getText('content').insert(0, 'still ');
    await waitFor(async () => (await stored(first)) === 'still kept', 10_000, 'the other user’s edit');
    expect(other.closes).toEqual([]);
  });

  it('organizations.documents.migrate closes the source document’s connections with 4404', async () => {
    const room = await seed({ accessType: 'public' });
    const hana = await session.join(room, 'hana');
    const newDocumentId = `moved-${randomUUID()}`;
    await succeed(session.workspace, 'organizations.documents.migrate', {
      organizationId: room.organizationId,
      documentId: room.documentId,
      newDocumentId,
    });
    await waitFor(() => hana.closes.length > 0, 10_000, 'the close');
    expect(hana.closes[0]).toEqual({ code: 4404, reason: `The document moved to ${newDocumentId}.` });
    await queue.drain();
    expect(await stored({ ...room, documentId: newDocumentId })).toBe('kept');
  });

  it('closes a connection whose temporary grant expired at its next message, without any route', async () => {
    const room = await seed({ accessType: 'organizationPrivate' });
    // The service's clock is held (timers and sockets stay real) and moved to the expiry once ivan
    // has joined, however long joining takes.
    holdDate(Date.now());
    try {
      const expiresAt = Math.ceil(Date.now() / 1000) + 4;
      await succeed(session.workspace, 'auth.permissions.add', {
        user: { userId: 'ivan' },
        permissions: { resources: [{ type: 'organization', id: room.organizationId, expiresAt }] },
      });
      const ivan = await session.join(room, 'ivan');
      jest.setSystemTime(expiresAt * 1000);
      expect(await editUntilClosed(ivan)).toBe(4403);
    } finally {
      jest.useRealTimers();
    }
    expect(await stored(room)).toBe('kept');
  });
});
