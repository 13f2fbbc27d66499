import { fromBase64 } from 'lib0/buffer';
import { awarenessMessageEntries } from '../../../shared/sockets/awareness-messages';
import { waitFor } from '../../support/poll';
import { seedDocument, type TestClient, useRealtimeSession } from '../../support/realtime';
import { createTestWorkspace } from '../../support/workspaces';

/**
 * Awareness between real `y-websocket` providers through the project's client adapter: every
 * client learns every state, and none sends another client's state back to the server (the
 * provider echoes what it applies; the adapter keeps those echoes, n per state in a room of n,
 * off the wire).
 */
jest.setTimeout(60_000);

const session = useRealtimeSession(createTestWorkspace);

/** The awareness entries of other clients a client's socket sent. */
const echoedEntries = (client: TestClient) =>
  client.sent
    .filter((frame) => !frame.startsWith('~'))
    .flatMap((frame) => awarenessMessageEntries(fromBase64(frame)) ?? [])
    .filter((entry) => entry.clientId !== client.doc.clientID);

describe('realtime awareness echoes', () => {
  it('spreads every state to every client, and no client sends one it received', async () => {
    const room = { ...(await seedDocument(session.workspace)), editorId: 'main' };
    const clients: TestClient[] = [];
    for (const index of [0, 1, 2, 3, 4]) {
      const client = await session.join(room, `user-${index}`);
      client.provider.awareness.setLocalStateField('user', { name: `user ${index}` });
      clients.push(client);
    }
    await waitFor(
      () => clients.every((client) => client.provider.awareness.getStates().size === clients.length),
      20_000,
      'every state at every client',
    );
    for (const client of clients) {
      const names = [...client.provider.awareness.getStates().values()].map((state) => state.user?.name);
      expect(names.sort()).toEqual(['user 0', 'user 1', 'user 2', 'user 3', 'user 4']);
      expect(echoedEntries(client)).toEqual([]);
    }
    // A state that changes reaches the others, and is not echoed either.
    clients[0]?.provider.awareness.setLocalStateField('cursor', 7);
    await waitFor(
      () =>
        clients.every(
          (client) => client.provider.awareness.getStates().get(clients[0]?.doc.clientID ?? -1)?.cursor === 7,
        ),
      10_000,
      'the cursor at every client',
    );
    for (const client of clients) expect(echoedEntries(client)).toEqual([]);
  });
});
