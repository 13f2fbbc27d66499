import { randomBytes } from 'node:crypto';
import * as decoding from 'lib0/decoding';
import { callAs, succeed } from '../../support/api';
import { waitFor } from '../../support/poll';
import {
  type ConnectParams,
  seedDocument,
  type TestClient,
  useRealtimeSession,
} from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';

/**
 * Realtime sync (addendum §9) with real `y-websocket` providers through the project's client
 * adapter, against the dev server's `/v2/realtime` and DynamoDB Local.
 */
jest.setTimeout(60_000);

const session = useRealtimeSession(createTestWorkspace);

async function room(editorId = 'editor-1'): Promise<Omit<ConnectParams, 'token' | 'apiKey'>> {
  return { ...(await seedDocument(session.workspace)), editorId };
}

const join = (params: Omit<ConnectParams, 'token' | 'apiKey'>, userId = 'alice') =>
  session.join(params, userId);

const text = (client: TestClient) => client.doc.getText('content').toString();

async function restValue(params: Omit<ConnectParams, 'token' | 'apiKey'>) {
  const data = await succeed(session.workspace, 'crdt.get', {
    organizationId: params.organizationId,
    documentId: params.documentId,
    editorId: params.editorId,
  });
  return data[0]?.data;
}

describe('realtime sync', () => {
  it('two clients that edit concurrently converge, and crdt/get returns the merged text', async () => {
    const params = await room();
    const alice = await join(params, 'alice');
    const bob = await join(params, 'bob');
    alice.doc.getText('content').insert(0, 'Hello from Alice. ');
    bob.doc.getText('content').insert(0, 'Hello from Bob. ');
    await waitFor(() => text(alice) === text(bob) && text(alice).length === 34, 10_000, 'convergence');
    expect(text(alice)).toContain('Hello from Alice. ');
    expect(text(alice)).toContain('Hello from Bob. ');
    expect(await restValue(params)).toBe(text(alice));
  });

  it('sends a REST crdt/update to connected clients as part of the request (well within 1 s of the answer), and converges with a concurrent client edit', async () => {
    const params = await room();
    await succeed(session.workspace, 'crdt.add', { ...params, type: 'text', data: 'base' });
    const alice = await join(params);
    expect(text(alice)).toBe('base');
    const sent = Date.now();
    await succeed(session.workspace, 'crdt.update', {
      ...params,
      apiKey: undefined,
      type: 'text',
      data: 'base from REST',
    });
    const answered = Date.now();
    await waitFor(() => text(alice) === 'base from REST', 10_000, 'the REST update');
    // The update is pushed while the request runs, not by a later sweep: it reaches the client within
    // the time the request itself took (a ratio, so a loaded machine slows both sides alike).
    expect(Date.now() - answered).toBeLessThanOrEqual(Math.max(answered - sent, 50));

    // A client edit and a REST update race: whichever is stored first, both sides end equal.
    alice.doc.getText('content').insert(0, '> ');
    await succeed(session.workspace, 'crdt.update', {
      ...params,
      apiKey: undefined,
      type: 'text',
      data: 'base from REST!',
    });
    await waitFor(
      async () => text(alice).includes('base from REST!') && (await restValue(params)) === text(alice),
    );
  });

  it('syncs a 1 MB document to a new client (chunked frames) and stores a client’s large edit', async () => {
    const params = await room();
    const big = randomBytes(512 * 1024).toString('hex');
    await succeed(session.workspace, 'crdt.add', { ...params, type: 'text', data: big });
    const alice = await join(params);
    expect(text(alice)).toBe(big);

    const other = await room();
    const bob = await join(other, 'bob');
    const carol = await join(other, 'carol');
    const upload = randomBytes(200 * 1024).toString('hex');
    bob.doc.getText('content').insert(0, upload);
    await waitFor(() => text(carol) === upload, 20_000, 'the large client edit');
    expect(await restValue(other)).toBe(upload);
  });

  it('sends a REST crdt/add to clients already joined to the empty editor', async () => {
    const params = await room();
    const alice = await join(params);
    const bob = await join(params, 'bob');
    expect(text(alice)).toBe('');
    await succeed(session.workspace, 'crdt.add', { ...params, type: 'text', data: 'first words' });
    await waitFor(() => text(alice) === 'first words' && text(bob) === 'first words', 10_000, 'the add');
  });

  it('creates the editor from a client’s first non-empty edit, with the type it writes', async () => {
    const params = await room();
    const alice = await join(params);
    alice.doc.getMap('settings').set('theme', 'dark');
    let editor: any;
    await waitFor(async () => {
      [editor] = await succeed(session.workspace, 'crdt.get', params);
      return editor !== undefined;
    });
    expect(editor).toMatchObject({ id: 'editor-1', type: 'map', data: { theme: 'dark' } });
  });

  it('keeps a viewer read-only: its edit is neither stored nor broadcast, and it is told permission-denied', async () => {
    const params = await room();
    await succeed(session.workspace, 'crdt.add', { ...params, type: 'text', data: 'original' });
    await succeed(session.workspace, 'users.add', {
      organizationId: params.organizationId,
      documentId: params.documentId,
      users: [{ userId: 'victor', name: 'Victor', email: 'victor@example.com', accessRole: 'viewer' }],
    });
    const editor = await join(params, 'alice');
    const viewer = await join(params, 'victor');
    const denials: string[] = [];
    viewer.provider.messageHandlers[2] = (_encoder, decoder) => {
      // auth message: varUint type (0 = permission denied), then the reason
      if (decoding.readVarUint(decoder) === 0) denials.push(decoding.readVarString(decoder));
    };
    viewer.doc.getText('content').insert(0, 'vandalism ');
    await waitFor(() => denials.length === 1, 10_000, 'permission-denied');
    editor.doc.getText('content').insert(8, '!');
    await waitFor(() => text(viewer).endsWith('original!'), 10_000, 'the editor’s edit');
    expect(text(editor)).toBe('original!');
    expect(await restValue(params)).toBe('original!');
    expect(denials[0]).toMatch(/read-only/);
  });

  it('relays awareness and removes a closing client’s state for everyone', async () => {
    const params = await room();
    const alice = await join(params, 'alice');
    alice.provider.awareness.setLocalState({ user: 'alice', cursor: 3 });
    const bob = await join(params, 'bob');
    const aliceId = alice.doc.clientID;
    await waitFor(
      () => bob.provider.awareness.getStates().get(aliceId)?.user === 'alice',
      10_000,
      'awareness',
    );
    bob.provider.awareness.setLocalState({ user: 'bob' });
    await waitFor(() => alice.provider.awareness.getStates().get(bob.doc.clientID)?.user === 'bob');
    alice.destroy();
    session.forget(alice);
    await waitFor(() => !bob.provider.awareness.getStates().has(aliceId), 10_000, 'awareness removal');
  });

  it('does not answer a malformed frame, and the connection keeps working', async () => {
    const params = await room();
    const alice = await join(params);
    const bob = await join(params, 'bob');
    const socket = (alice.provider.ws as unknown as { socket: { send(text: string): void } }).socket;
    socket.send('!!not base64!!');
    socket.send('AAAA');
    socket.send('~x:0:2:QUJD');
    alice.doc.getText('content').insert(0, 'still here');
    await waitFor(() => text(bob) === 'still here', 10_000, 'an edit after garbage');
    expect((await callAs(session.workspace, 'crdt.get', params)).statusCode).toBe(200);
  });
});
