import { incarnationEntry, withIncarnations } from '../../../shared/db/incarnations';
import { keys } from '../../../shared/db/keys';
import { succeed } from '../../support/api';
import { waitFor } from '../../support/poll';
import { seedDocument, useRealtimeSession } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';
import { type MigrationQueue, startMigrationQueue } from '../migration/support';
import { readRange } from './support';

/**
 * The realtime entry points (`$connect`, `$default`, `$disconnect`) in a re-created organization:
 * they run in the incarnation the connection was made in (decisions §41).
 */
jest.setTimeout(60_000);

process.env.ERASE_SETTLE_SECONDS = '0';

let queue: MigrationQueue;

// Before the dev server starts: it reads the queue URLs this sets.
beforeAll(async () => {
  queue = await startMigrationQueue();
});
afterAll(() => queue.stop());
const session = useRealtimeSession(createTestWorkspace);

/** Items of a document's CRDT partition and of its organization's realtime partition in incarnation `n`. */
const storedIn = (organizationId: string, documentId: string, n: number) =>
  withIncarnations(n === 0 ? {} : { [incarnationEntry(organizationId)]: n }, async () => {
    const { apiKey } = session.workspace;
    const realtime = await readRange({ partition: keys.realtimePartition(apiKey, organizationId) });
    return {
      crdt: (await readRange({ partition: keys.crdtPartition(apiKey, organizationId, documentId) })).length,
      realtime: realtime.length,
      connections: realtime.filter((item) => String(item.sk).startsWith(keys.realtimeConnectionPrefix))
        .length,
    };
  });

describe('realtime in an organization re-created while its erasure has not run', () => {
  it('syncs and stores edits in the new incarnation; the old job then leaves them alone', async () => {
    const { organizationId, documentId } = await seedDocument(session.workspace);
    const params = { organizationId, documentId, editorId: 'editor-1' };
    await succeed(session.workspace, 'crdt.add', { ...params, type: 'text', data: 'old' });
    await succeed(session.workspace, 'organizations.delete', { organizationIds: [organizationId] });
    await succeed(session.workspace, 'organizations.add', { organizations: [{ organizationId }] });
    await succeed(session.workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId, accessType: 'public' }],
    });

    const alice = await session.join(params, 'alice');
    expect(alice.doc.getText('content').toString()).toBe('');
    alice.doc.getText('content').insert(0, 'new');
    const restValue = async () =>
      (await succeed(session.workspace, 'crdt.get', params))[0]?.data as string | undefined;
    await waitFor(async () => (await restValue()) === 'new', 10_000, 'the edit stored');
    const bob = await session.join(params, 'bob');
    expect(bob.doc.getText('content').toString()).toBe('new');
    expect((await storedIn(organizationId, documentId, 0)).crdt).toBeGreaterThan(0);
    const current = await storedIn(organizationId, documentId, 1);
    expect(current.connections).toBe(2);

    await queue.drain();
    expect(await storedIn(organizationId, documentId, 0)).toEqual({ crdt: 0, realtime: 0, connections: 0 });
    expect(await restValue()).toBe('new');
    // `$disconnect` removes the connections from the new incarnation's room.
    session.forget(alice);
    session.forget(bob);
    alice.destroy();
    bob.destroy();
    await waitFor(
      async () => (await storedIn(organizationId, documentId, 1)).connections === 0,
      10_000,
      'the connections removed',
    );
    expect((await storedIn(organizationId, documentId, 1)).crdt).toBe(current.crdt);
  });
});
