import { callAs, succeed } from '../../support/api';
import { createTestWorkspace } from '../../support/workspaces';
import { newEditor, storedUpdates } from './support';

describe('crdt.add and crdt.get', () => {
  it.each([
    ['text', 'Hello'],
    ['xml', '<p>Hello</p>'],
    ['map', { title: 'Hi', tags: ['a'], nested: { n: 1 } }],
    ['array', [1, 'two', { three: 3 }]],
  ])('stores %s data and returns it as plain JSON, in one write and one Query', async (type, data) => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    const added = await callAs(workspace, 'crdt.add', { ...ref, type, data, userId: 'u-1' });
    expect(added.statusCode).toBe(200);
    expect(added.json.result).toEqual({ status: 'success', message: 'CRDT data added.' });
    // The last Query reads the room's realtime connections, for the broadcast (decisions §33): after
    // the write, so a client joining meanwhile is either listed or loads the new state.
    expect(added.db.commands).toEqual(['GetItem', 'TransactWriteItems', 'Query']);
    expect(added.db.serialRoundTrips).toBe(3);
    const got = await callAs(workspace, 'crdt.get', ref);
    expect(got.json.result?.data).toEqual([
      { id: ref.editorId, type, data, lastUpdate: expect.any(Number), lastUpdatedBy: 'u-1' },
    ]);
    // The editor's Query travels with the auth read (prefetch).
    expect(got.db.commands.sort()).toEqual(['GetItem', 'Query']);
    expect(got.db.serialRoundTrips).toBe(1);
  });

  it('answers ALREADY_EXISTS when the editor has data, keeping the first content', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'first' });
    const again = await callAs(workspace, 'crdt.add', { ...ref, type: 'text', data: 'second' });
    expect(again.statusCode).toBe(409);
    expect(again.json.error?.status).toBe('ALREADY_EXISTS');
    const [editor] = await succeed(workspace, 'crdt.get', ref);
    expect(editor.data).toBe('first');
  });

  it('lets exactly one of two concurrent adds win', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    const results = await Promise.all(
      ['one', 'two'].map((data) => callAs(workspace, 'crdt.add', { ...ref, type: 'text', data })),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    expect(await storedUpdates(workspace.apiKey, ref)).toHaveLength(1);
  });

  it('returns every editor of a document from one Query, and nothing for a missing editor', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor('a');
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'A' });
    await succeed(workspace, 'crdt.add', { ...ref, editorId: 'a#b', type: 'map', data: { b: true } });
    await succeed(workspace, 'crdt.add', { ...ref, editorId: 'ab', type: 'array', data: [] });
    const all = await callAs(workspace, 'crdt.get', {
      organizationId: ref.organizationId,
      documentId: ref.documentId,
    });
    expect(all.db.commands.sort()).toEqual(['GetItem', 'Query']);
    expect(all.db.serialRoundTrips).toBe(1);
    const byId = Object.fromEntries(
      all.json.result?.data.map((editor: { id: string }) => [editor.id, editor]),
    );
    expect(Object.keys(byId).sort()).toEqual(['a', 'a#b', 'ab']);
    expect(byId['a#b'].data).toEqual({ b: true });
    expect(await succeed(workspace, 'crdt.get', { ...ref, editorId: 'a' })).toHaveLength(1);
    expect(await succeed(workspace, 'crdt.get', { ...ref, editorId: 'missing' })).toEqual([]);
  });

  it('stores the content under contentKey', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'rich', contentKey: 'default' });
    const [editor] = await succeed(workspace, 'crdt.get', ref);
    expect(editor.data).toBe('rich');
  });

  it('stores a document over 400 KB (and over the 1 MiB default body limit) in parts, and loads it', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    const text = 'lorem ipsum dolor sit amet, '.repeat(45_000);
    const added = await callAs(workspace, 'crdt.add', { ...ref, type: 'text', data: text });
    expect(added.db.commands).toEqual(['GetItem', 'BatchWriteItem', 'TransactWriteItems', 'Query']);
    const got = await callAs(workspace, 'crdt.get', ref);
    expect(got.json.result?.data[0].data).toBe(text);
    expect(got.db.commands.sort()).toEqual(['GetItem', 'Query', 'Query']);
    expect(got.db.serialRoundTrips).toBe(2);
  }, 30_000);

  it('shows nothing to another API key', async () => {
    const [mine, theirs] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
    const ref = newEditor();
    await succeed(mine, 'crdt.add', { ...ref, type: 'text', data: 'secret' });
    expect(await succeed(theirs, 'crdt.get', ref)).toEqual([]);
    const update = await callAs(theirs, 'crdt.update', { ...ref, type: 'text', data: 'overwrite' });
    expect(update.json.error?.status).toBe('NOT_FOUND');
    expect(await succeed(theirs, 'crdt.add', { ...ref, type: 'text', data: 'theirs' })).toBeUndefined();
    expect((await succeed(mine, 'crdt.get', ref))[0].data).toBe('secret');
  });

  it.each([
    ['text with an object', { type: 'text', data: { a: 1 } }, 'data: must be a string for type text'],
    ['xml with a number', { type: 'xml', data: 5 }, 'data: must be a string for type xml'],
    ['map with an array', { type: 'map', data: [1] }, 'data: must be an object for type map'],
    ['array with a string', { type: 'array', data: 'x' }, 'data: must be an array for type array'],
    ['a missing data', { type: 'text' }, 'data: required'],
    ['an unknown type', { type: 'json', data: {} }, 'type: Invalid option'],
    [
      'a numeric editorId',
      { type: 'text', data: 'x', editorId: 7 },
      'editorId: Invalid input: expected string',
    ],
    ['an empty contentKey', { type: 'text', data: 'x', contentKey: '' }, 'contentKey: Too small'],
    ['an unknown field', { type: 'text', data: 'x', extra: 1 }, 'extra: unknown field extra'],
  ])(
    'refuses %s with INVALID_ARGUMENT naming the field, writing nothing',
    async (_label, fields, message) => {
      const workspace = await createTestWorkspace();
      const ref = newEditor();
      for (const route of ['crdt.add', 'crdt.update'] as const) {
        const response = await callAs(workspace, route, { ...ref, ...fields });
        expect(response.statusCode).toBe(400);
        expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
        expect(response.json.error?.message).toContain(message);
        expect(response.db.commands).toEqual(['GetItem']);
      }
      expect(await succeed(workspace, 'crdt.get', ref)).toEqual([]);
    },
  );

  it('refuses a body over 4 MiB with INVALID_ARGUMENT naming the limit, before reading anything', async () => {
    const workspace = await createTestWorkspace();
    const ref = newEditor();
    const response = await callAs(workspace, 'crdt.add', {
      ...ref,
      type: 'text',
      data: 'x'.repeat(4 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Request body exceeds the 4 MiB limit.',
    });
    expect(response.db.calls).toBe(0);
    expect(await succeed(workspace, 'crdt.get', ref)).toEqual([]);
  });
});
