import * as decoding from 'lib0/decoding';
import { callAs, succeed } from '../../support/api';
import { waitFor } from '../../support/poll';
import { type ConnectParams, seedDocument, useRealtimeSession } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';

/** livestate/broadcast and the closing rules of addendum §9, with real y-websocket clients. */
jest.setTimeout(60_000);

const session = useRealtimeSession(createTestWorkspace);
const join = (params: Omit<ConnectParams, 'token' | 'apiKey'>, userId = 'alice') =>
  session.join(params, userId);

describe('livestate.broadcast', () => {
  it('reaches every connection of the document (any editor), merges, and is sent to late joiners', async () => {
    const document = await seedDocument(session.workspace);
    const first = await join({ ...document, editorId: 'title' });
    const second = await join({ ...document, editorId: 'body' }, 'bob');
    const broadcast = (data: unknown, merge?: boolean) =>
      succeed(session.workspace, 'livestate.broadcast', {
        ...document,
        liveStateDataId: 'cursor',
        data,
        merge,
      });

    await broadcast({ page: 1, zoom: 2 });
    await waitFor(() => first.liveStates.length === 1 && second.liveStates.length === 1);
    expect(first.liveStates[0]).toEqual({
      type: 'livestate',
      liveStateDataId: 'cursor',
      data: { page: 1, zoom: 2 },
      timestamp: expect.any(Number),
    });

    const merged = await callAs(session.workspace, 'livestate.broadcast', {
      ...document,
      liveStateDataId: 'cursor',
      data: { zoom: 3 },
      merge: true,
    });
    // The document, the last value and the document's live-state index beside the auth read
    // (prefetch), the conditional write, then the room's connections (after the write, so a joiner
    // is listed or reads the value at join).
    expect(merged.db.commands.sort()).toEqual([
      'BatchGetItem',
      'GetItem',
      'GetItem',
      'GetItem',
      'Query',
      'UpdateItem',
    ]);
    expect(merged.db.serialRoundTrips).toBe(3);
    await waitFor(() => second.liveStates.length === 2);
    expect(second.liveStates[1]?.data).toEqual({ page: 1, zoom: 3 });

    await broadcast({ replaced: true });
    await waitFor(() => first.liveStates.length === 3);
    expect(first.liveStates[2]?.data).toEqual({ replaced: true });

    const late = await join({ ...document, editorId: 'title' }, 'carol');
    await waitFor(() => late.liveStates.length === 1);
    expect(late.liveStates[0]?.data).toEqual({ replaced: true });
  });

  it('answers NOT_FOUND for an unknown document and INVALID_ARGUMENT for oversized data', async () => {
    const document = await seedDocument(session.workspace);
    const missing = await callAs(session.workspace, 'livestate.broadcast', {
      ...document,
      documentId: 'missing',
      liveStateDataId: 'x',
      data: 1,
    });
    expect(missing.statusCode).toBe(404);
    const big = await callAs(session.workspace, 'livestate.broadcast', {
      ...document,
      liveStateDataId: 'x',
      data: 'x'.repeat(70 * 1024),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json.error?.message).toMatch(/^data:/);
  });
});

describe('closing rules', () => {
  it('closes a deleted document’s connections with 4404, and the client stops reconnecting', async () => {
    const document = await seedDocument(session.workspace);
    const client = await join({ ...document, editorId: 'e' });
    await succeed(session.workspace, 'organizations.documents.delete', {
      organizationId: document.organizationId,
      documentIds: [document.documentId],
    });
    await waitFor(() => client.closes.length > 0, 10_000, 'the close');
    expect(client.closes[0]?.code).toBe(4404);
    expect(client.provider.shouldConnect).toBe(false);
  });

  it('closes a deleted organization’s connections with 4404', async () => {
    const document = await seedDocument(session.workspace);
    const client = await join({ ...document, editorId: 'e' });
    await succeed(session.workspace, 'organizations.delete', { organizationIds: [document.organizationId] });
    await waitFor(() => client.closes.length > 0, 10_000, 'the close');
    expect(client.closes[0]?.code).toBe(4404);
  });

  it('closes the connection of a user whose access is removed with 4403, and keeps the others', async () => {
    const document = await seedDocument(session.workspace, 'restricted');
    const member = (userId: string) => ({ userId, name: userId, email: `${userId}@example.com` });
    await succeed(session.workspace, 'users.add', { ...document, users: [member('dora'), member('eve')] });
    const dora = await join({ ...document, editorId: 'e' }, 'dora');
    const eve = await join({ ...document, editorId: 'e' }, 'eve');
    await succeed(session.workspace, 'users.delete', { ...document, userIds: ['dora'] });
    await waitFor(() => dora.closes.length > 0, 10_000, 'the close');
    expect(dora.closes[0]?.code).toBe(4403);
    eve.doc.getText('content').insert(0, 'still connected');
    await waitFor(async () => {
      const [editor] = await succeed(session.workspace, 'crdt.get', { ...document, editorId: 'e' });
      return editor?.data === 'still connected';
    });
    expect(eve.closes).toEqual([]);
  });

  it('makes the connection of a user demoted to viewer read-only', async () => {
    const document = await seedDocument(session.workspace, 'restricted');
    await succeed(session.workspace, 'users.add', {
      ...document,
      users: [{ userId: 'finn', name: 'Finn', email: 'finn@example.com' }],
    });
    await succeed(session.workspace, 'crdt.add', { ...document, editorId: 'e', type: 'text', data: 'kept' });
    const finn = await join({ ...document, editorId: 'e' }, 'finn');
    await succeed(session.workspace, 'users.update', {
      ...document,
      users: [{ userId: 'finn', name: 'Finn', email: 'finn@example.com', accessRole: 'viewer' }],
    });
    const denials: number[] = [];
    finn.provider.messageHandlers[2] = (_encoder, decoder) => {
      denials.push(decoding.readVarUint(decoder));
    };
    finn.doc.getText('content').insert(0, 'not ');
    await waitFor(() => denials.length === 1, 10_000, 'permission-denied');
    expect(denials).toEqual([0]);
    const [editor] = await succeed(session.workspace, 'crdt.get', { ...document, editorId: 'e' });
    expect(editor.data).toBe('kept');
  });
});
