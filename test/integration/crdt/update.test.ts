import * as Y from 'yjs';
import { readValue } from '../../../shared/crdt/codec';
import { compaction } from '../../../shared/crdt/service';
import { callAs, succeed } from '../../support/api';
import { outboxEvents } from '../../support/outbox';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { newEditor, storedUpdates } from './support';

/** A client replica built from what the server stores for the editor. */
async function clientReplica(workspace: TestWorkspace, ref: ReturnType<typeof newEditor>) {
  const doc = new Y.Doc();
  for (const record of await storedUpdates(workspace.apiKey, ref)) Y.applyUpdate(doc, record.bytes);
  return doc;
}

/** Brings a client up to date with the server's stored updates. */
async function sync(workspace: TestWorkspace, ref: ReturnType<typeof newEditor>, client: Y.Doc) {
  for (const record of await storedUpdates(workspace.apiKey, ref)) Y.applyUpdate(client, record.bytes);
}

describe('crdt.update', () => {
  it('appends one incremental update and publishes crdt.update_data in the same transaction', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'Hello world' });
    const before = await storedUpdates(workspace.apiKey, ref);
    const response = await callAs(workspace, 'crdt.update', {
      ...ref,
      type: 'text',
      data: 'Hello brave world',
      userId: 'u-7',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.result).toEqual({ status: 'success', message: 'CRDT data updated.' });
    // The editor's Query beside the auth read (prefetch), the transaction, then the room's realtime
    // connections for the broadcast (decisions §33), after the write.
    expect(response.db.commands.slice(2)).toEqual(['TransactWriteItems', 'Query']);
    expect(response.db.commands.slice(0, 2).sort()).toEqual(['GetItem', 'Query']);
    expect(response.db.serialRoundTrips).toBe(3);
    const after = await storedUpdates(workspace.apiKey, ref);
    const appended = after.filter((record) => !before.some((old) => old.recordId === record.recordId));
    expect(appended).toHaveLength(1);
    expect(appended[0]!.bytes.length).toBeLessThan(40);
    const [event] = await outboxEvents(workspace.apiKey);
    const { editorId, ...document } = ref;
    expect(event).toMatchObject({
      event: 'crdt.update_data',
      actionType: 'update_data',
      source: 'crdt',
      ...document,
    });
    expect(event?.data).toEqual({
      editorId,
      type: 'text',
      contentKey: 'content',
      data: 'Hello brave world',
      lastUpdatedBy: 'u-7',
      lastUpdate: event?.timestamp,
    });
    const [editor] = await succeed(workspace, 'crdt.get', ref);
    expect(editor).toMatchObject({
      data: 'Hello brave world',
      lastUpdatedBy: 'u-7',
      lastUpdate: event!.timestamp,
    });
  });

  it.each([
    ['text', 'The quick brown fox', 'The quick red fox jumps'],
    ['xml', '<p>one</p>', '<p>one</p><p>two</p>'],
    ['map', { a: 1, b: 2, c: { deep: true } }, { a: 1, c: { deep: false }, d: [4] }],
    ['array', [1, 2, 3], [1, 'two', 3, 4]],
  ] as const)('brings a client holding the old %s state to the new content', async (type, from, to) => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type, data: from });
    const client = await clientReplica(workspace, ref);
    await succeed(workspace, 'crdt.update', { ...ref, type, data: to });
    await sync(workspace, ref, client);
    expect(readValue(client, { editorId: 'e', type: type, contentKey: 'content' })).toEqual(to);
  });

  it('converges with a client that edited concurrently, keeping both edits', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'one two three' });
    const client = await clientReplica(workspace, ref);
    const local = client.getText('content');
    local.insert(0, 'zero ');
    const clientUpdate = Y.encodeStateAsUpdate(client);
    await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: 'one two three four' });
    await sync(workspace, ref, client);
    const server = await clientReplica(workspace, ref);
    Y.applyUpdate(server, clientUpdate);
    expect(local.toString()).toBe('zero one two three four');
    expect(server.getText('content').toString()).toBe(local.toString());
  });

  it('compacts updates into a snapshot past the threshold, so loading stays one Query', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: '' });
    const client = await clientReplica(workspace, ref);
    const commands: string[][] = [];
    for (let index = 1; index <= compaction.maxUpdates * 2 + 3; index += 1) {
      const response = await callAs(workspace, 'crdt.update', { ...ref, type: 'text', data: `v${index}` });
      commands.push(response.db.commands);
    }
    const compactions = commands.filter((calls) => calls.length > 4);
    expect(compactions).toHaveLength(2);
    expect(compactions[0]?.slice(0, 2).sort()).toEqual(['GetItem', 'Query']);
    expect(compactions[0]?.slice(2)).toEqual([
      'TransactWriteItems',
      'BatchWriteItem',
      'BatchWriteItem',
      'Query',
    ]);
    const records = await storedUpdates(workspace.apiKey, ref);
    expect(records.filter((record) => record.kind === 'SNAP')).toHaveLength(1);
    expect(records.filter((record) => record.kind === 'LOG')).toHaveLength(3);
    const got = await callAs(workspace, 'crdt.get', ref);
    expect(got.json.result?.data[0].data).toBe(`v${compaction.maxUpdates * 2 + 3}`);
    expect(got.db.commands.sort()).toEqual(['GetItem', 'Query']);
    await sync(workspace, ref, client);
    expect(client.getText('content').toString()).toBe(`v${compaction.maxUpdates * 2 + 3}`);
  }, 30_000);

  it('replaces content of a document over 400 KB with a large update, then compacts it', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    const first = 'a'.repeat(450_000);
    const second = `${'b'.repeat(450_000)} end`;
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: first });
    const response = await callAs(workspace, 'crdt.update', { ...ref, type: 'text', data: second });
    expect(response.db.commands.slice(0, 2).sort()).toEqual(['GetItem', 'Query']);
    expect(response.db.commands.slice(2)).toEqual([
      'BatchWriteItem',
      'TransactWriteItems',
      'BatchWriteItem',
      'BatchWriteItem',
      'Query',
    ]);
    const [event] = await outboxEvents(workspace.apiKey);
    expect(event?.data).toMatchObject({ dataOmitted: true });
    expect(event?.data).not.toHaveProperty('data');
    expect((await succeed(workspace, 'crdt.get', ref))[0].data).toBe(second);
  }, 30_000);

  it('answers NOT_FOUND for an editor without data, writing nothing', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    const response = await callAs(workspace, 'crdt.update', { ...ref, type: 'text', data: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json.error?.status).toBe('NOT_FOUND');
    expect(response.db.commands.sort()).toEqual(['GetItem', 'Query']);
    expect(await outboxEvents(workspace.apiKey)).toEqual([]);
  });

  it.each([
    ['a type other than the stored one', { type: 'map', data: {} }, 'type: editor editor-1 holds text data'],
    [
      'another contentKey',
      { type: 'text', data: 'x', contentKey: 'other' },
      'contentKey: editor editor-1 stores',
    ],
  ])('refuses %s with INVALID_ARGUMENT, writing nothing', async (_label, fields, message) => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'kept' });
    const response = await callAs(workspace, 'crdt.update', { ...ref, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.message).toContain(message);
    expect(response.db.commands.sort()).toEqual(['GetItem', 'Query']);
    expect((await succeed(workspace, 'crdt.get', ref))[0].data).toBe('kept');
  });
});
