import * as Y from 'yjs';
import { dueHandlers } from '../../../functions/workers/due-handlers';
import { logger } from '../../../shared/core/logger';
import { applyClientUpdate } from '../../../shared/crdt/client-updates';
import { eventWindowMs } from '../../../shared/crdt/update-events';
import { reconcile } from '../../../shared/reconcile/reconciler';
import { succeed } from '../../support/api';
import { outboxEvents } from '../../support/outbox';
import { useOwnTable } from '../../support/own-table';
import { seedDocument } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';
import { storedUpdates } from '../crdt/support';

/** Client edits publish coalesced `crdt.update_data` events: at most one per room per 10 s (addendum §9). */
const log = logger.createChild({ persistentKeys: { test: 'realtime-events' } });

// The sweeps below span every tenant of the table: a table of its own keeps other files' due work out.
beforeAll(() => useOwnTable('realtime-events'));

describe('crdt.update_data from connected clients', () => {
  it('publishes the first edit at once, then the state after the window’s last edit once, after the window', async () => {
    const workspace = await createTestWorkspace();
    const ref = { ...(await seedDocument(workspace)), editorId: 'body' };
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'a' });
    const client = new Y.Doc();
    const [stored] = await succeed(workspace, 'crdt.get', ref);
    expect(stored.data).toBe('a');
    // The client's replica starts from the stored state, then types three characters.
    for (const record of await storedUpdates(workspace.apiKey, ref)) Y.applyUpdate(client, record.bytes);
    const updates: Uint8Array[] = [];
    client.on('update', (update: Uint8Array) => updates.push(update));
    for (const letter of ['b', 'c', 'd'])
      client.getText('content').insert(client.getText('content').length, letter);
    for (const update of updates) {
      await applyClientUpdate(workspace.apiKey, ref, update, { write: true, userId: 'alice' });
    }
    const events = () =>
      outboxEvents(workspace.apiKey).then((all) => all.filter((event) => event.event === 'crdt.update_data'));
    const first = await events();
    expect(first).toHaveLength(1);
    expect(first[0]?.data).toMatchObject({ editorId: 'body', data: 'ab' });

    await reconcile(dueHandlers, log, { now: Date.now() + eventWindowMs + 1_000 });
    const second = await events();
    expect(second).toHaveLength(2);
    const [now] = await succeed(workspace, 'crdt.get', ref);
    expect(now.data).toBe('abcd');
    expect(second[1]?.data).toMatchObject({ editorId: 'body', data: 'abcd', lastUpdatedBy: 'alice' });

    await reconcile(dueHandlers, log, { now: Date.now() + 2 * eventWindowMs + 2_000 });
    expect(await events()).toHaveLength(2);
  });
});
