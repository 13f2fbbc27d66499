import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { fromBase64 } from 'lib0/buffer';
import * as decoding from 'lib0/decoding';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { db } from '../../../shared/db/client';
import { unservedCloseCode } from '../../../shared/realtime/greeting';
import { deleteConnection, listConnections } from '../../../shared/sockets/repository';
import { succeed } from '../../support/api';
import { waitFor } from '../../support/poll';
import {
  connectClient,
  seedDocument,
  type TestClient,
  useRealtimeSession,
  userToken,
} from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';

/**
 * Joining a room (addendum §9 and §12): the server speaks first — a new connection is greeted with
 * the server's sync step 1, the room's awareness and the live state without saying anything — and
 * no accepted connection is left open unserved: one whose item a closing rule deleted while its
 * `$connect` still ran is closed, and y-websocket reconnects. Real sockets to the dev server.
 */
jest.setTimeout(300_000);

const session = useRealtimeSession(createTestWorkspace);

/** A raw socket that never sends anything, and every frame it receives with when it came. */
async function silentSocket(room: { organizationId: string; documentId: string; editorId: string }) {
  const token = await userToken(session.workspace, 'silent');
  const query = new URLSearchParams({ apiKey: session.workspace.apiKey, token, ...room });
  const ws = new WebSocket(`${session.server.url.replace('http', 'ws')}/v2/realtime?${query}`);
  const received: { frame: string; at: number }[] = [];
  ws.on('message', (data) => received.push({ frame: data.toString('utf8'), at: Date.now() }));
  const requested = Date.now();
  await new Promise<void>((opened, fail) => {
    ws.once('open', () => opened());
    ws.once('unexpected-response', () => fail(new Error('upgrade refused')));
  });
  return { ws, received, requested, opened: Date.now() };
}

/** The sync step 1 in a frame: the state vector it carries, or undefined for another message. */
function stepOneStateVector(frame: string): Map<number, number> | undefined {
  if (frame.startsWith('{') || frame.startsWith('~')) return undefined;
  const decoder = decoding.createDecoder(fromBase64(frame));
  if (decoding.readVarUint(decoder) !== 0 || decoding.readVarUint(decoder) !== 0) return undefined;
  return Y.decodeStateVector(decoding.readVarUint8Array(decoder));
}

const text = (client: TestClient) => client.doc.getText('content').toString();

describe('joining a room', () => {
  it('greets a client that never speaks with the server’s sync step 1 and the live state, within 1 s', async () => {
    const room = { ...(await seedDocument(session.workspace)), editorId: 'e' };
    await succeed(session.workspace, 'crdt.add', { ...room, type: 'text', data: 'stored' });
    await succeed(session.workspace, 'livestate.broadcast', {
      organizationId: room.organizationId,
      documentId: room.documentId,
      liveStateDataId: 'cursor',
      data: { x: 1 },
    });
    const socket = await silentSocket(room);
    try {
      await waitFor(() => socket.received.length >= 3, 10_000, 'the greeting');
      const [step1, , liveState] = socket.received;
      const stateVector = stepOneStateVector(step1!.frame);
      // The server's state vector: the one client that wrote the stored text, at its length.
      expect(stateVector?.size).toBe(1);
      expect([...(stateVector?.values() ?? [])]).toEqual(['stored'.length]);
      expect(JSON.parse(liveState!.frame)).toMatchObject({
        type: 'livestate',
        liveStateDataId: 'cursor',
        data: { x: 1 },
      });
      // Within 1 s of the open; on a loaded machine, within the time the upgrade itself took.
      const took = (socket.received.at(-1)?.at ?? 0) - socket.opened;
      expect(took).toBeLessThanOrEqual(Math.max(1000, 3 * (socket.opened - socket.requested)));
    } finally {
      socket.ws.close();
    }
  });

  it('closes a connection whose item is gone (deleted while it connected) so the client reconnects and is served', async () => {
    const room = { ...(await seedDocument(session.workspace)), editorId: 'e' };
    const alice = await session.join(room, 'alice');
    // What a closing rule leaves when its close reached a socket whose `$connect` had not returned.
    const [member] = await listConnections(session.workspace.apiKey, room, Date.now());
    await deleteConnection(session.workspace.apiKey, room, member!.connectionId, Date.now());
    alice.doc.getText('content').insert(0, 'kept');
    await waitFor(() => alice.closes.length > 0, 10_000, 'the close');
    expect(alice.closes[0]?.code).toBe(unservedCloseCode);
    // y-websocket reconnects, re-syncs, and the edit reaches the server.
    await waitFor(
      async () => (await succeed(session.workspace, 'crdt.get', room))[0]?.data === 'kept',
      10_000,
      'the edit stored after the reconnect',
    );
    expect(await listConnections(session.workspace.apiKey, room, Date.now())).toHaveLength(1);
  });

  it('closes a connection whose edit failed to store, and the reconnected client stores it', async () => {
    const room = { ...(await seedDocument(session.workspace)), editorId: 'e' };
    await succeed(session.workspace, 'crdt.add', { ...room, type: 'text', data: 'base' });
    const alice = await session.join(room, 'alice');
    // The append of the client's edit fails once, as DynamoDB can (a throttle, a 500).
    const client = db();
    const send = client.send.bind(client);
    let failures = 0;
    const failing = jest.spyOn(client, 'send').mockImplementation(((command: Parameters<typeof send>[0]) => {
      if (failures === 0 && command instanceof TransactWriteCommand) {
        failures += 1;
        return Promise.reject(
          Object.assign(new Error('injected failure'), { name: 'InternalServerError', $metadata: {} }),
        );
      }
      return send(command);
    }) as typeof client.send);
    try {
      alice.doc.getText('content').insert(4, ' edit');
      await waitFor(() => alice.closes.length > 0, 10_000, 'the close');
      expect(failures).toBe(1);
      expect(alice.closes[0]?.code).toBe(unservedCloseCode);
      // Without the close the client would believe the server holds its edit; it reconnects and re-syncs.
      await waitFor(
        async () => (await succeed(session.workspace, 'crdt.get', room))[0]?.data === 'base edit',
        10_000,
        'the edit stored after the reconnect',
      );
    } finally {
      failing.mockRestore();
    }
  });

  it('serves every connection when 10 clients join while users/add gives them access, 50 times', async () => {
    const users = Array.from({ length: 10 }, (_, index) => `member-${index}`);
    const tokens = await Promise.all(users.map((userId) => userToken(session.workspace, userId)));
    for (let run = 0; run < 50; run += 1) {
      const organizationId = `org-${randomUUID()}`;
      const documentId = `doc-${randomUUID()}`;
      await succeed(session.workspace, 'organizations.add', { organizations: [{ organizationId }] });
      await succeed(session.workspace, 'organizations.documents.add', {
        organizationId,
        documents: [{ documentId, accessType: 'organizationPrivate' }],
      });
      const room = { organizationId, documentId, editorId: 'e' };
      // Every client starts joining at once; each is refused (403) until its user is added, and
      // y-websocket retries, so joins overlap the users/add calls and their access re-checks.
      // Refused clients retry within 250 ms (not y-websocket's 2.5 s), so each round's joins
      // overlap the users/add calls as closely and the round does not wait out back-offs.
      const clients = tokens.map((token) =>
        connectClient(session.server, { apiKey: session.workspace.apiKey, ...room, token }, undefined, {
          maxBackoffTime: 250,
        }),
      );
      try {
        for (const userId of users) {
          await succeed(session.workspace, 'users.add', { organizationId, users: [{ userId }] });
        }
        await waitFor(() => clients.every((client) => client.provider.synced), 20_000, `run ${run}: sync`);
        // Served: each connection's awareness reaches the 9 others, a live state reaches all, and
        // each client's edit is stored.
        clients.forEach((client, index) => {
          client.provider.awareness.setLocalStateField('user', { index });
          client.doc.getText('content').insert(0, String(index));
        });
        await succeed(session.workspace, 'livestate.broadcast', {
          organizationId,
          documentId,
          liveStateDataId: 'run',
          data: { run },
        });
        await waitFor(
          () => clients.every((client) => client.provider.awareness.getStates().size === users.length),
          20_000,
          `run ${run}: awareness`,
        );
        await waitFor(
          () => clients.every((client) => client.liveStates.some((state) => state.liveStateDataId === 'run')),
          20_000,
          `run ${run}: live state`,
        );
        await waitFor(
          async () => {
            const stored = (await succeed(session.workspace, 'crdt.get', room))[0]?.data;
            return typeof stored === 'string' && [...stored].sort().join('') === '0123456789';
          },
          20_000,
          `run ${run}: every edit stored`,
        );
        await waitFor(
          () => clients.every((client) => text(client).length === users.length),
          20_000,
          `run ${run}: every client holds every edit`,
        );
      } finally {
        for (const client of clients) client.destroy();
      }
    }
  });
});
