import * as Y from 'yjs';
import { applyClientUpdate } from '../../../shared/crdt/client-updates';
import { crdtMover } from '../../../shared/crdt/document-mover';
import { loadEditors } from '../../../shared/crdt/repository';
import { crdtEraser } from '../../../shared/crdt/scope-eraser';
import { updateEditor } from '../../../shared/crdt/service';
import { autoVersionIntervalMs } from '../../../shared/crdt/versions-schemas';
import { keys } from '../../../shared/db/keys';
import { queryAll } from '../../../shared/db/query-page';
import { eraseUserBatch } from '../../../shared/erasure/user-erasure';
import { callAs, succeed } from '../../support/api';
import { holdDate } from '../../support/held-date';
import { outboxEvents } from '../../support/outbox';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { newEditor } from './support';

type Ref = ReturnType<typeof newEditor>;

interface Listed {
  versionId: string;
  name: string | null;
  createdAt: number;
  createdBy: string | null;
  auto: boolean;
  bytes: number;
}

/** Every version of an editor, newest first, as one page of 100 lists them. */
const versions = async (workspace: TestWorkspace, ref: Ref): Promise<Listed[]> =>
  succeed(workspace, 'crdt.versions.get', { ...ref, pageSize: 100 });

const content = async (workspace: TestWorkspace, ref: Ref) =>
  (await succeed(workspace, 'crdt.get', ref))[0]?.data;

/** Every stored item of the document's CRDT partition (straight from the table). */
const partition = (apiKey: string, ref: Ref) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.crdtPartition(apiKey, ref.organizationId, ref.documentId) },
  });

/** An editor with text content `data` (its first, automatic version made with it). */
async function textEditor(workspace: TestWorkspace, data = 'first draft', ref = newEditor()) {
  await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data });
  return ref;
}

let workspace: TestWorkspace;
let other: TestWorkspace;

beforeAll(async () => {
  [workspace, other] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('crdt.versions.create', () => {
  it('stores the content as a named version by the acting user, listed newest first', async () => {
    const ref = await textEditor(workspace);
    const created = await succeed(workspace, 'crdt.versions.create', {
      ...ref,
      name: 'Before review',
      actionUser: { userId: 'alice', name: 'Alice' },
    });
    expect(created).toEqual({ versionId: expect.any(String), createdAt: expect.any(Number) });
    const listed = await versions(workspace, ref);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual({
      versionId: created.versionId,
      name: 'Before review',
      createdAt: created.createdAt,
      createdBy: 'alice',
      auto: false,
      bytes: expect.any(Number),
    });
    expect(listed[1]).toMatchObject({ name: null, createdBy: null, auto: true });
    const one = await succeed(workspace, 'crdt.versions.get', { ...ref, versionId: created.versionId });
    expect(one).toEqual({
      versionId: created.versionId,
      name: 'Before review',
      createdAt: created.createdAt,
      type: 'text',
      data: 'first draft',
    });
  });

  it('names a version null when no name is given, and answers in two serial round trips', async () => {
    const ref = await textEditor(workspace);
    const response = await callAs(workspace, 'crdt.versions.create', ref);
    expect(response.statusCode).toBe(200);
    // The editor's Query beside auth (prefetch), then the transaction of the version and the head.
    expect(response.db.serialRoundTrips).toBe(2);
    expect((await versions(workspace, ref))[0]).toMatchObject({ name: null, createdBy: null, auto: false });
  });

  it('is NOT_FOUND for an editor with no content', async () => {
    const response = await callAs(workspace, 'crdt.versions.create', newEditor());
    expect(response.statusCode).toBe(404);
    expect(response.json.error?.status).toBe('NOT_FOUND');
  });

  it.each([
    ['name', { name: 'x'.repeat(201) }],
    ['editorId', { editorId: '' }],
    ['actionUser', { actionUser: 'alice' }],
  ])('is INVALID_ARGUMENT naming %s', async (field, change) => {
    const response = await callAs(workspace, 'crdt.versions.create', { ...newEditor(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(JSON.stringify(response.json.error)).toContain(field);
  });

  it('keeps versions as Yjs bytes outside the editor items, so loading an editor never reads them', async () => {
    const ref = await textEditor(workspace);
    await succeed(workspace, 'crdt.versions.create', ref);
    const items = await partition(workspace.apiKey, ref);
    const versionItems = items.filter((item) => String(item.entity).startsWith('crdtVersion'));
    expect(versionItems.length).toBe(4);
    for (const item of versionItems) expect(String(item.sk).startsWith('ED#')).toBe(false);
    const part = versionItems.find((item) => item.entity === 'crdtVersionPart')!;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, part.bytes as Uint8Array);
    expect(doc.getText('content').toString()).toBe('first draft');
    const [editor] = await loadEditors(workspace.apiKey, ref.organizationId, ref.documentId, ref.editorId);
    expect(editor!.records.every((record) => record.kind === 'LOG' || record.kind === 'SNAP')).toBe(true);
  });
});

describe('versions over 350 KB', () => {
  it('are stored in parts, read back whole, restored and deleted with every part', async () => {
    const big = 'lorem ipsum dolor sit amet, '.repeat(30_000);
    const ref = await textEditor(workspace, big);
    const { versionId } = await succeed(workspace, 'crdt.versions.create', ref);
    const parts = (await partition(workspace.apiKey, ref)).filter(
      (item) => item.entity === 'crdtVersionPart' && item.versionId === versionId,
    );
    expect(parts.length).toBe(3);
    const one = await succeed(workspace, 'crdt.versions.get', { ...ref, versionId });
    expect(one.data).toBe(big);
    await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: 'short now' });
    await succeed(workspace, 'crdt.versions.restore', { ...ref, versionId });
    expect(await content(workspace, ref)).toBe(big);
    await succeed(workspace, 'crdt.versions.delete', { ...ref, versionIds: [versionId] });
    const left = (await partition(workspace.apiKey, ref)).filter((item) => item.versionId === versionId);
    expect(left).toEqual([]);
  });
});

describe('crdt.versions.get', () => {
  it('pages versions newest first with an opaque token', async () => {
    const ref = await textEditor(workspace);
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      ids.push((await succeed(workspace, 'crdt.versions.create', { ...ref, name: `v${index}` })).versionId);
    }
    const first = await callAs(workspace, 'crdt.versions.get', { ...ref, pageSize: 2 });
    expect(first.json.result?.data.map((version: Listed) => version.name)).toEqual(['v3', 'v2']);
    expect(first.db.serialRoundTrips).toBe(1);
    const token = first.json.result?.nextPageToken;
    expect(typeof token).toBe('string');
    const second = await callAs(workspace, 'crdt.versions.get', { ...ref, pageSize: 2, pageToken: token });
    expect(second.json.result?.data.map((version: Listed) => version.name)).toEqual(['v1', 'v0']);
    const third = await callAs(workspace, 'crdt.versions.get', {
      ...ref,
      pageSize: 2,
      pageToken: second.json.result?.nextPageToken,
    });
    expect(third.json.result?.data).toEqual([{ ...third.json.result?.data[0], auto: true, name: null }]);
    expect(third.json.result?.nextPageToken).toBeUndefined();
    // A token is bound to its editor.
    const foreign = await callAs(workspace, 'crdt.versions.get', { ...newEditor(), pageToken: token });
    expect(foreign.json.error?.status).toBe('INVALID_ARGUMENT');
  });

  it('lists 20 by default and none for an editor without versions', async () => {
    const ref = await textEditor(workspace);
    for (let index = 0; index < 21; index += 1) await succeed(workspace, 'crdt.versions.create', ref);
    const page = await callAs(workspace, 'crdt.versions.get', ref);
    expect(page.json.result?.data).toHaveLength(20);
    expect(page.json.result?.nextPageToken).toEqual(expect.any(String));
    expect(await succeed(workspace, 'crdt.versions.get', newEditor())).toEqual([]);
  });

  it.each([
    ['map', { a: 1, b: [1, 2] }],
    ['array', [1, 'two', { three: 3 }]],
    ['xml', '<p>hello</p>'],
  ] as const)('shows a %s version as crdt/get shows content', async (type, data) => {
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type, data });
    const [auto] = await versions(workspace, ref);
    const one = await succeed(workspace, 'crdt.versions.get', { ...ref, versionId: auto!.versionId });
    expect(one).toMatchObject({ type, data });
    expect(one.data).toEqual(await content(workspace, ref));
  });

  it('is NOT_FOUND for an unknown version id', async () => {
    const ref = await textEditor(workspace);
    const response = await callAs(workspace, 'crdt.versions.get', { ...ref, versionId: '0017724438000001' });
    expect(response.json.error?.status).toBe('NOT_FOUND');
  });

  it.each([
    ['pageSize', { pageSize: 0 }],
    ['pageSize', { pageSize: 101 }],
    ['pageToken', { pageToken: 'not-a-token' }],
  ])('is INVALID_ARGUMENT naming %s', async (field, change) => {
    const response = await callAs(workspace, 'crdt.versions.get', { ...newEditor(), ...change });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(JSON.stringify(response.json.error)).toContain(field);
  });
});

describe('crdt.versions.delete', () => {
  it('deletes each named version, answering every id on its own', async () => {
    const ref = await textEditor(workspace);
    const { versionId } = await succeed(workspace, 'crdt.versions.create', ref);
    const result = await succeed(workspace, 'crdt.versions.delete', {
      ...ref,
      versionIds: [versionId, 'unknown-version'],
    });
    expect(result).toEqual({
      [versionId]: { success: true, message: expect.any(String) },
      'unknown-version': { success: false, message: expect.stringContaining('unknown-version') },
    });
    const left = await versions(workspace, ref);
    expect(left.map((version) => version.versionId)).not.toContain(versionId);
    const parts = (await partition(workspace.apiKey, ref)).filter((item) =>
      String(item.sk).includes(versionId),
    );
    expect(parts).toEqual([]);
  });

  it.each([
    ['versionIds', { versionIds: [] }],
    ['versionIds', { versionIds: ['a', 'a'] }],
    ['versionIds', { versionIds: 'a' }],
    ['versionIds', { versionIds: Array.from({ length: 101 }, (_, index) => `v${index}`) }],
  ])('is INVALID_ARGUMENT naming %s', async (field, change) => {
    const response = await callAs(workspace, 'crdt.versions.delete', { ...newEditor(), ...change });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(JSON.stringify(response.json.error)).toContain(field);
  });
});

describe('automatic versions', () => {
  it('makes one of the first content (crdt/add) and none for a change within 30 minutes', async () => {
    const start = Date.now();
    holdDate(start);
    const ref = await textEditor(workspace, 'one');
    expect(await versions(workspace, ref)).toEqual([
      expect.objectContaining({ auto: true, createdAt: start, createdBy: null }),
    ]);
    jest.setSystemTime(start + autoVersionIntervalMs);
    const response = await callAs(workspace, 'crdt.update', { ...ref, type: 'text', data: 'two' });
    // No version due: the editor's Query beside auth, the append, the room Query — nothing more.
    expect(response.db.commands.slice(0, 2).sort()).toEqual(['GetItem', 'Query']);
    expect(response.db.commands.slice(2)).toEqual(['TransactWriteItems', 'Query']);
    expect(response.db.serialRoundTrips).toBe(3);
    expect(await versions(workspace, ref)).toHaveLength(1);
  });

  it('makes one of the content after a change when the newest version is older than 30 minutes', async () => {
    const start = Date.now();
    holdDate(start);
    const ref = await textEditor(workspace, 'one');
    jest.setSystemTime(start + autoVersionIntervalMs + 1);
    const response = await callAs(workspace, 'crdt.update', { ...ref, type: 'text', data: 'two' });
    // The change, the version, the Query that prunes automatic versions, the room's.
    expect(response.db.commands.slice(2)).toEqual([
      'TransactWriteItems',
      'TransactWriteItems',
      'Query',
      'Query',
    ]);
    const [newest] = await versions(workspace, ref);
    expect(newest).toMatchObject({ auto: true, createdAt: start + autoVersionIntervalMs + 1 });
    const one = await succeed(workspace, 'crdt.versions.get', { ...ref, versionId: newest!.versionId });
    expect(one.data).toBe('two');
    // The next change within 30 minutes of that version makes none.
    jest.setSystemTime(start + autoVersionIntervalMs + 2);
    await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: 'three' });
    expect(await versions(workspace, ref)).toHaveLength(2);
  });

  it('counts 30 minutes from the newest version, manual ones included', async () => {
    const start = Date.now();
    holdDate(start);
    const ref = await textEditor(workspace, 'one');
    jest.setSystemTime(start + 20 * 60 * 1000);
    await succeed(workspace, 'crdt.versions.create', ref);
    jest.setSystemTime(start + autoVersionIntervalMs + 1);
    await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: 'two' });
    expect(await versions(workspace, ref)).toHaveLength(2);
  });

  it('makes one version when two writers find one due at the same time', async () => {
    const start = Date.now();
    holdDate(start);
    const ref = await textEditor(workspace, 'one');
    jest.setSystemTime(start + autoVersionIntervalMs + 1);
    const stored = loadEditors(workspace.apiKey, ref.organizationId, ref.documentId, ref.editorId);
    await Promise.all([
      updateEditor(workspace.apiKey, { ...ref, type: 'text', data: 'one two' }, stored),
      updateEditor(workspace.apiKey, { ...ref, type: 'text', data: 'zero one' }, stored),
    ]);
    const listed = await versions(workspace, ref);
    expect(listed.filter((version) => version.createdAt === start + autoVersionIntervalMs + 1)).toHaveLength(
      1,
    );
    expect(listed).toHaveLength(2);
  });

  it("makes one of a client's first update and after 30 minutes of client edits", async () => {
    const start = Date.now();
    holdDate(start);
    const ref = newEditor();
    const client = new Y.Doc();
    const text = client.getText('content');
    let seen = Y.encodeStateVector(client);
    const send = async () => {
      const update = Y.encodeStateAsUpdate(client, seen);
      seen = Y.encodeStateVector(client);
      return applyClientUpdate(workspace.apiKey, ref, update, { write: true, userId: 'bob' });
    };
    text.insert(0, 'hello');
    await send();
    expect(await versions(workspace, ref)).toEqual([expect.objectContaining({ auto: true })]);
    text.insert(5, ' there');
    await send();
    expect(await versions(workspace, ref)).toHaveLength(1);
    jest.setSystemTime(start + autoVersionIntervalMs + 1);
    text.insert(11, '!');
    await send();
    const [newest] = await versions(workspace, ref);
    const one = await succeed(workspace, 'crdt.versions.get', { ...ref, versionId: newest!.versionId });
    expect(one.data).toBe('hello there!');
  });
});

describe('crdt.versions.restore', () => {
  it('makes the content equal to the version, keeping a version of the state before', async () => {
    const start = Date.now();
    holdDate(start);
    const ref = await textEditor(workspace, 'The quick brown fox');
    const { versionId } = await succeed(workspace, 'crdt.versions.create', { ...ref, name: 'draft' });
    jest.setSystemTime(start + 1000);
    await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: 'A slow red fox jumps' });
    jest.setSystemTime(start + 2000);
    const before = await outboxEvents(workspace.apiKey);
    const response = await callAs(workspace, 'crdt.versions.restore', {
      ...ref,
      versionId,
      actionUser: { userId: 'carol' },
    });
    expect(response.statusCode).toBe(200);
    expect(await content(workspace, ref)).toBe('The quick brown fox');
    const [newest] = await versions(workspace, ref);
    expect(newest).toMatchObject({ auto: true, createdAt: start + 2000 });
    const saved = await succeed(workspace, 'crdt.versions.get', { ...ref, versionId: newest!.versionId });
    expect(saved.data).toBe('A slow red fox jumps');
    const events = (await outboxEvents(workspace.apiKey)).filter(
      (event) => !before.some((old) => old.id === event.id) && event.documentId === ref.documentId,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'crdt.update_data', documentId: ref.documentId });
    expect(events[0]?.data).toMatchObject({
      editorId: ref.editorId,
      data: 'The quick brown fox',
      lastUpdatedBy: 'carol',
    });
  });

  it('applies a forward edit: a client holding the old state converges, and its later edits apply on top', async () => {
    const ref = await textEditor(workspace, 'one two');
    const { versionId } = await succeed(workspace, 'crdt.versions.create', ref);
    await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: 'one two three' });
    const client = new Y.Doc();
    const [editor] = await loadEditors(workspace.apiKey, ref.organizationId, ref.documentId, ref.editorId);
    for (const record of editor!.records) Y.applyUpdate(client, record.bytes);
    const clientVector = Y.encodeStateVector(client);
    await succeed(workspace, 'crdt.versions.restore', { ...ref, versionId });
    const [after] = await loadEditors(workspace.apiKey, ref.organizationId, ref.documentId, ref.editorId);
    for (const record of after!.records) Y.applyUpdate(client, record.bytes);
    expect(client.getText('content').toString()).toBe('one two');
    client.getText('content').insert(0, 'zero ');
    await applyClientUpdate(workspace.apiKey, ref, Y.encodeStateAsUpdate(client, clientVector), {
      write: true,
      userId: null,
    });
    expect(await content(workspace, ref)).toBe('zero one two');
  });

  it('changes nothing and makes no version when the content already equals the version', async () => {
    const ref = await textEditor(workspace, 'same');
    const { versionId } = await succeed(workspace, 'crdt.versions.create', ref);
    const count = (await partition(workspace.apiKey, ref)).length;
    const response = await callAs(workspace, 'crdt.versions.restore', { ...ref, versionId });
    expect(response.statusCode).toBe(200);
    expect((await partition(workspace.apiKey, ref)).length).toBe(count);
  });

  it.each([
    ['map', { a: 1, b: 2 }, { a: 1, c: 3 }],
    ['array', [1, 2, 3], [3, 2]],
    ['xml', '<p>a</p>', '<p>b</p><p>c</p>'],
  ] as const)('restores %s content', async (type, from, to) => {
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type, data: from });
    const [first] = await versions(workspace, ref);
    await succeed(workspace, 'crdt.update', { ...ref, type, data: to });
    await succeed(workspace, 'crdt.versions.restore', { ...ref, versionId: first!.versionId });
    expect(await content(workspace, ref)).toEqual(from);
  });

  it('is NOT_FOUND for an unknown version or an editor without content', async () => {
    const ref = await textEditor(workspace);
    const unknown = await callAs(workspace, 'crdt.versions.restore', { ...ref, versionId: 'nope' });
    expect(unknown.json.error?.status).toBe('NOT_FOUND');
    const empty = await callAs(workspace, 'crdt.versions.restore', { ...newEditor(), versionId: 'nope' });
    expect(empty.json.error?.status).toBe('NOT_FOUND');
  });

  it('is INVALID_ARGUMENT naming versionId when it is missing', async () => {
    const response = await callAs(workspace, 'crdt.versions.restore', newEditor());
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(JSON.stringify(response.json.error)).toContain('versionId');
  });
});

describe('versions across tenants and the data lifecycle', () => {
  it("keeps an API key's versions from another API key", async () => {
    const ref = await textEditor(workspace, 'secret');
    const { versionId } = await succeed(workspace, 'crdt.versions.create', ref);
    expect(await succeed(other, 'crdt.versions.get', ref)).toEqual([]);
    const one = await callAs(other, 'crdt.versions.get', { ...ref, versionId });
    expect(one.json.error?.status).toBe('NOT_FOUND');
    const restore = await callAs(other, 'crdt.versions.restore', { ...ref, versionId });
    expect(restore.json.error?.status).toBe('NOT_FOUND');
    const deleted = await succeed(other, 'crdt.versions.delete', { ...ref, versionIds: [versionId] });
    expect(deleted[versionId].success).toBe(false);
    expect(await versions(workspace, ref)).toHaveLength(2);
  });

  it("erases versions with their document's CRDT content", async () => {
    const ref = await textEditor(workspace);
    await succeed(workspace, 'crdt.versions.create', ref);
    let cursor: Record<string, unknown> | undefined;
    do {
      ({ cursor } = await crdtEraser.eraseBatch(
        {
          apiKey: workspace.apiKey,
          organizationId: ref.organizationId,
          documentId: ref.documentId,
          deletedAt: Date.now(),
        },
        cursor,
      ));
    } while (cursor);
    expect(await partition(workspace.apiKey, ref)).toEqual([]);
    expect(await succeed(workspace, 'crdt.versions.get', ref)).toEqual([]);
  });

  it("erases versions with their organization's CRDT content", async () => {
    const ref = { ...(await textEditor(workspace)) };
    const organizationId = ref.organizationId;
    await succeed(workspace, 'crdt.versions.create', ref);
    let cursor: Record<string, unknown> | undefined;
    do {
      ({ cursor } = await crdtEraser.eraseBatch(
        { apiKey: workspace.apiKey, organizationId, deletedAt: Date.now() },
        cursor,
      ));
    } while (cursor);
    expect(await partition(workspace.apiKey, ref)).toEqual([]);
  });

  it('moves versions with their document, keeping their ids (migration)', async () => {
    const ref = await textEditor(workspace, 'moved');
    const { versionId } = await succeed(workspace, 'crdt.versions.create', { ...ref, name: 'kept' });
    const to = newEditor();
    const move = {
      apiKey: workspace.apiKey,
      organizationId: ref.organizationId,
      from: ref.documentId,
      to: to.documentId,
    };
    let cursor: Record<string, unknown> | undefined;
    do {
      ({ cursor } = await crdtMover.moveBatch(move, cursor));
    } while (cursor);
    const target = { ...ref, documentId: to.documentId };
    const listed = await versions(workspace, target);
    expect(listed.map((version) => version.versionId)).toContain(versionId);
    const one = await succeed(workspace, 'crdt.versions.get', { ...target, versionId });
    expect(one).toMatchObject({ name: 'kept', data: 'moved' });
    await succeed(workspace, 'crdt.update', { ...target, type: 'text', data: 'changed' });
    await succeed(workspace, 'crdt.versions.restore', { ...target, versionId });
    expect(await content(workspace, target)).toBe('moved');
    expect(await succeed(workspace, 'crdt.versions.get', ref)).toEqual([]);
  });

  it("lists a user's versions among their data and unlists them at the user's erasure", async () => {
    const owner = await createTestWorkspace();
    const ref = await textEditor(owner);
    const userId = `dana-${ref.documentId}`;
    const { versionId } = await succeed(owner, 'crdt.versions.create', { ...ref, actionUser: { userId } });
    const data = await succeed(owner, 'users.data.get', { userId });
    expect(data.items).toEqual([
      {
        feature: 'crdt',
        organizationId: ref.organizationId,
        documentId: ref.documentId,
        id: ref.editorId,
        record: expect.objectContaining({ versionId, createdBy: userId, auto: false }),
      },
    ]);
    let cursor: { range: number; startKey?: Record<string, unknown> } | undefined = { range: 0 };
    while (cursor) ({ cursor } = await eraseUserBatch(owner.apiKey, userId, undefined, cursor, Date.now()));
    expect((await succeed(owner, 'users.data.get', { userId })).items).toEqual([]);
    // Shared content: the version itself is kept.
    expect((await versions(owner, ref)).map((version) => version.versionId)).toContain(versionId);
  });
});
