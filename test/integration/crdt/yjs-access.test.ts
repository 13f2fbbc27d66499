import * as Y from 'yjs';
import { documentTooLargeCloseCode } from '../../../shared/realtime/messages';
import { callAs, succeed } from '../../support/api';
import { setEnvForFile } from '../../support/file-env';
import { outboxEvents } from '../../support/outbox';
import { waitFor } from '../../support/poll';
import { seedDocument, useRealtimeSession } from '../../support/realtime';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { newEditor, storedUpdates } from './support';

/**
 * Direct Yjs access and the size guard (addendum §12): `crdt/get` with `format: 'yjs'` (whole, or
 * the difference from a state vector), `crdt/update` with a raw `update`, and `maxDocumentBytes`
 * at its boundary over REST and the WebSocket. The limit is lowered for this file.
 */
jest.setTimeout(60_000);

const limit = 4096;
setEnvForFile('MAX_DOCUMENT_BYTES', String(limit));

const session = useRealtimeSession(createTestWorkspace);
let workspace: TestWorkspace;
beforeAll(() => {
  workspace = session.workspace;
});

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytesOf = (base64Text: string) => new Uint8Array(Buffer.from(base64Text, 'base64'));

async function yjsOf(ref: ReturnType<typeof newEditor>, stateVector?: Uint8Array) {
  const [editor] = await succeed(workspace, 'crdt.get', {
    ...ref,
    format: 'yjs',
    ...(stateVector && { stateVector: base64(stateVector) }),
  });
  return editor as { id: string; update: string; stateVector: string };
}

const textOf = async (ref: ReturnType<typeof newEditor>) =>
  (await succeed(workspace, 'crdt.get', ref))[0]?.data as string | undefined;

/** A replica of the editor as a server-side tool builds it from `format: 'yjs'`. */
async function replica(ref: ReturnType<typeof newEditor>, clientID?: number) {
  const doc = new Y.Doc();
  if (clientID !== undefined) doc.clientID = clientID;
  Y.applyUpdate(doc, bytesOf((await yjsOf(ref)).update));
  return doc;
}

/** The update a replica makes by appending `text`, and the encoded size of the editor after it. */
function appendUpdate(doc: Y.Doc, text: string) {
  const before = Y.encodeStateVector(doc);
  const copy = new Y.Doc();
  copy.clientID = doc.clientID;
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  copy.getText('content').insert(copy.getText('content').length, text);
  return { update: Y.encodeStateAsUpdate(copy, before), sizeAfter: Y.encodeStateAsUpdate(copy).length };
}

describe("crdt/get with format: 'yjs'", () => {
  it('answers the state and state vector, and only the difference from a given state vector', async () => {
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'Hello' });
    const first = await yjsOf(ref);
    expect(first.id).toBe(ref.editorId);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, bytesOf(first.update));
    expect(doc.getText('content').toString()).toBe('Hello');
    expect(Y.decodeStateVector(bytesOf(first.stateVector))).toEqual(
      Y.decodeStateVector(Y.encodeStateVector(doc)),
    );

    await succeed(workspace, 'crdt.update', { ...ref, type: 'text', data: 'Hello, world' });
    const difference = await yjsOf(ref, Y.encodeStateVector(doc));
    // Only the new edit: smaller than the whole state, and it brings the replica up to date.
    expect(bytesOf(difference.update).length).toBeLessThan(bytesOf((await yjsOf(ref)).update).length);
    Y.applyUpdate(doc, bytesOf(difference.update));
    expect(doc.getText('content').toString()).toBe('Hello, world');
    const nothing = await yjsOf(ref, Y.encodeStateVector(doc));
    expect(Y.decodeUpdate(bytesOf(nothing.update)).structs).toHaveLength(0);
  });

  it('answers every editor of the document without editorId', async () => {
    const ref = newEditor('a');
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'one' });
    await succeed(workspace, 'crdt.add', { ...ref, editorId: 'b', type: 'map', data: { two: 2 } });
    const { editorId: _, ...document } = ref;
    const editors = (await succeed(workspace, 'crdt.get', { ...document, format: 'yjs' })) as {
      id: string;
      update: string;
    }[];
    expect(editors.map((editor) => editor.id).sort()).toEqual(['a', 'b']);
    const b = new Y.Doc();
    Y.applyUpdate(b, bytesOf(editors.find((editor) => editor.id === 'b')!.update));
    expect(b.getMap('content').toJSON()).toEqual({ two: 2 });
  });

  it('refuses a state vector without the yjs format, or one Yjs cannot read, naming stateVector', async () => {
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'x' });
    for (const data of [
      { ...ref, stateVector: base64(Y.encodeStateVector(new Y.Doc())) },
      { ...ref, format: 'yjs', stateVector: 'not base64!' },
      { ...ref, format: 'yjs', stateVector: base64(new Uint8Array([0xff, 0xff, 0xff])) },
      { ...ref, format: 'xml' },
    ]) {
      const response = await callAs(workspace, 'crdt.get', data);
      expect(response.statusCode).toBe(400);
      expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
      expect(response.json.error?.message).toMatch(/stateVector|format/);
    }
  });
});

describe('crdt/update with a raw update', () => {
  it('applies the update as it is, stores it, publishes the event and sends it to connected clients', async () => {
    const ref = { ...(await seedDocument(workspace)), editorId: 'e' };
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'server' });
    const client = await session.join(ref, 'alice');
    const tool = await replica(ref as ReturnType<typeof newEditor>);
    const { update } = appendUpdate(tool, ' side');
    const response = await callAs(workspace, 'crdt.update', {
      ...ref,
      update: base64(update),
      userId: 'tool',
    });
    expect(response.statusCode).toBe(200);
    expect(await textOf(ref as ReturnType<typeof newEditor>)).toBe('server side');
    await waitFor(() => client.doc.getText('content').toString() === 'server side', 10_000, 'the broadcast');
    const events = await outboxEvents(workspace.apiKey);
    expect(
      events.find((event) => event.documentId === ref.documentId && event.data.data === 'server side'),
    ).toMatchObject({ event: 'crdt.update_data', data: { editorId: 'e', lastUpdatedBy: 'tool' } });
    // The same update again changes nothing and stores nothing.
    const stored = (await storedUpdates(workspace.apiKey, ref as ReturnType<typeof newEditor>)).length;
    expect((await callAs(workspace, 'crdt.update', { ...ref, update: base64(update) })).statusCode).toBe(200);
    expect(await storedUpdates(workspace.apiKey, ref as ReturnType<typeof newEditor>)).toHaveLength(stored);
  });

  it('refuses bytes that are not a Yjs update, or that depend on content the editor lacks, and stores nothing', async () => {
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'kept' });
    const stored = await storedUpdates(workspace.apiKey, ref);
    // An edit made on top of content the server never received.
    const elsewhere = new Y.Doc();
    elsewhere.getText('content').insert(0, 'unknown base');
    const before = Y.encodeStateVector(elsewhere);
    elsewhere.getText('content').insert(0, 'depends: ');
    const dependent = Y.encodeStateAsUpdate(elsewhere, before);
    for (const update of [
      base64(new TextEncoder().encode('this is not a Yjs update at all')),
      base64(new Uint8Array([255, 255, 255, 255, 255, 255, 255, 255, 255, 255])),
      base64(dependent),
    ]) {
      const response = await callAs(workspace, 'crdt.update', { ...ref, update });
      expect(response.statusCode).toBe(400);
      expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
      expect(response.json.error?.message).toMatch(/^update: /);
    }
    for (const [data, field] of [
      [{ ...ref, update: 'not base64!' }, 'update'],
      [{ ...ref, update: base64(dependent), type: 'text', data: 'both' }, 'data'],
      [{ ...ref, data: 'no type' }, 'type'],
    ] as const) {
      const response = await callAs(workspace, 'crdt.update', data);
      expect(response.statusCode).toBe(400);
      expect(response.json.error?.message).toContain(field);
    }
    expect(await storedUpdates(workspace.apiKey, ref)).toEqual(stored);
    expect(await textOf(ref)).toBe('kept');
  });
});

describe('the size guard (maxDocumentBytes)', () => {
  it('stores a change that makes the content exactly the limit, and refuses one byte more with FAILED_PRECONDITION', async () => {
    const ref = newEditor();
    await succeed(workspace, 'crdt.add', { ...ref, type: 'text', data: 'start' });
    const tool = await replica(ref, 7);
    // The longest run of text the tool can append within the limit: one character more passes it
    // (a character is one byte in the encoding, which grows by one byte per character).
    let length = 0;
    while (appendUpdate(tool, 'x'.repeat(length + 1)).sizeAfter <= limit) length += 1;
    const fill = (extra: number) => 'x'.repeat(length + extra);
    const atLimit = appendUpdate(tool, fill(0));
    expect(atLimit.sizeAfter).toBe(limit);
    const over = appendUpdate(tool, fill(1));
    expect(over.sizeAfter).toBe(limit + 1);

    const refused = await callAs(workspace, 'crdt.update', { ...ref, update: base64(over.update) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.error).toMatchObject({ status: 'FAILED_PRECONDITION' });
    expect(refused.json.error?.message).toContain('maxDocumentBytes');
    expect(await textOf(ref)).toBe('start');

    expect(
      (await callAs(workspace, 'crdt.update', { ...ref, update: base64(atLimit.update) })).statusCode,
    ).toBe(200);
    expect((await yjsOf(ref)).update.length).toBe(Math.ceil(limit / 3) * 4);
    // A JSON change past it is refused too, and what is stored stays readable.
    const json = await callAs(workspace, 'crdt.update', {
      ...ref,
      type: 'text',
      data: `${await textOf(ref)}!`,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json.error?.status).toBe('FAILED_PRECONDITION');
    expect((await textOf(ref))?.length).toBe('start'.length + fill(0).length);
  });

  it('refuses a crdt/add past the limit and stores nothing', async () => {
    const ref = newEditor();
    const response = await callAs(workspace, 'crdt.add', { ...ref, type: 'text', data: 'y'.repeat(limit) });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'FAILED_PRECONDITION' });
    expect(response.json.error?.message).toContain('maxDocumentBytes');
    expect(await succeed(workspace, 'crdt.get', ref)).toEqual([]);
  });

  it('closes a WebSocket whose update would pass the limit with 1009, storing nothing of it', async () => {
    const room = { ...(await seedDocument(workspace)), editorId: 'e' };
    await succeed(workspace, 'crdt.add', { ...room, type: 'text', data: 'small' });
    const client = await session.join(room, 'alice');
    client.doc.getText('content').insert(0, 'z'.repeat(limit));
    await waitFor(() => client.closes.length > 0, 10_000, 'the close');
    expect(client.closes[0]?.code).toBe(documentTooLargeCloseCode);
    expect(await textOf(room as ReturnType<typeof newEditor>)).toBe('small');
  });
});
