import { randomUUID } from 'node:crypto';
import { fromBase64 } from 'lib0/buffer';
import * as decoding from 'lib0/decoding';
import { readAwarenessUpdate } from '../../../shared/sockets/awareness-messages';
import { installConnectionPoster } from '../../../shared/sockets/poster';
import { callAs, succeed } from '../../support/api';
import { seedDocument } from '../../support/realtime';
import {
  awarenessFrame,
  connectStatus,
  openSocket,
  queryAwarenessFrame,
  recordTraffic,
  type SocketTraffic,
} from '../../support/socket';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// Small room budgets so a few connections reach them (deployments: 64 KB, 16 ids, 10 per user).
const limits = {
  REALTIME_MAX_ROOM_AWARENESS_BYTES: '10000',
  REALTIME_MAX_LIVE_STATES_PER_DOCUMENT: '3',
  MAX_REALTIME_CONNECTIONS_PER_USER: '2',
};
const previous = Object.fromEntries(Object.keys(limits).map((name) => [name, process.env[name]]));
Object.assign(process.env, limits);
afterAll(() => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Awareness, query awareness, sync step 1 and connects on `$default`/`$connect`: the bounds of issue 27. */
jest.setTimeout(60_000);

let workspace: TestWorkspace;
let traffic: SocketTraffic;

beforeAll(async () => {
  workspace = await createTestWorkspace();
});
beforeEach(() => {
  traffic = recordTraffic();
});
afterEach(() => installConnectionPoster(undefined));

const freshRoom = async () => ({ ...(await seedDocument(workspace)), editorId: `editor-${randomUUID()}` });

/** The awareness entries of the base64 awareness frames posted to a connection. */
function awarenessPosted(connectionId: string) {
  return traffic.posted
    .filter((post) => post.connectionId === connectionId && !post.frame.startsWith('{'))
    .flatMap((post) => {
      const decoder = decoding.createDecoder(fromBase64(post.frame));
      if (decoding.readVarUint(decoder) !== 1) return [];
      return readAwarenessUpdate(decoding.readVarUint8Array(decoder));
    });
}

const cursor = (name: string, padding = 0) => JSON.stringify({ user: { name }, pad: 'x'.repeat(padding) });

describe('realtime awareness bounds', () => {
  it('refuses states that are not JSON or pass 4 KB in bytes, and relays only the bound client id', async () => {
    const room = await freshRoom();
    const alice = await openSocket(workspace, room, 'alice');
    const bob = await openSocket(workspace, room, 'bob');
    const toBob = () => awarenessPosted(bob.connectionId);

    await alice.send(awarenessFrame([{ clientId: 11, clock: 1, state: '{not json' }]));
    // 1,500 characters of 3 bytes each: 4,500 bytes, though only 1,500 UTF-16 units.
    await alice.send(awarenessFrame([{ clientId: 11, clock: 2, state: JSON.stringify('€'.repeat(1500)) }]));
    expect(toBob()).toEqual([]);

    await alice.send(awarenessFrame([{ clientId: 11, clock: 3, state: cursor('alice') }]));
    expect(toBob()).toEqual([{ clientId: 11, clock: 3, state: cursor('alice') }]);
    // Bound to 11: another id in the same update (an echo, or a forgery) is neither stored nor relayed.
    await alice.send(
      awarenessFrame([
        { clientId: 12, clock: 9, state: cursor('mallory') },
        { clientId: 11, clock: 4, state: cursor('alice 2') },
      ]),
    );
    expect(toBob().map((entry) => entry.clientId)).toEqual([11, 11]);
    await alice.send(awarenessFrame([{ clientId: 12, clock: 10, state: cursor('mallory') }]));
    expect(toBob()).toHaveLength(2);
  });

  it('relays newer clocks only, and removes the client at disconnect above its last clock', async () => {
    const room = await freshRoom();
    const alice = await openSocket(workspace, room, 'alice');
    const bob = await openSocket(workspace, room, 'bob');
    await alice.send(awarenessFrame([{ clientId: 31, clock: 1, state: cursor('first') }]));
    await alice.send(awarenessFrame([{ clientId: 31, clock: 5, state: cursor('fifth') }]));
    await alice.send(awarenessFrame([{ clientId: 31, clock: 3, state: cursor('stale') }]));
    await alice.send(awarenessFrame([{ clientId: 31, clock: 5, state: cursor('same clock') }]));
    expect(awarenessPosted(bob.connectionId)).toEqual([
      { clientId: 31, clock: 1, state: cursor('first') },
      { clientId: 31, clock: 5, state: cursor('fifth') },
    ]);
    await alice.disconnect();
    expect(awarenessPosted(bob.connectionId).at(-1)).toEqual({ clientId: 31, clock: 6, state: 'null' });
  });

  it("does not let another user's connection claim a client id in use", async () => {
    const room = await freshRoom();
    const alice = await openSocket(workspace, room, 'alice');
    const mallory = await openSocket(workspace, room, 'mallory');
    const carol = await openSocket(workspace, room, 'carol');
    await alice.send(awarenessFrame([{ clientId: 21, clock: 1, state: cursor('alice') }]));
    await mallory.send(awarenessFrame([{ clientId: 21, clock: 50, state: cursor('not alice') }]));
    expect(awarenessPosted(carol.connectionId)).toEqual([{ clientId: 21, clock: 1, state: cursor('alice') }]);
    await carol.send(queryAwarenessFrame);
    expect(awarenessPosted(carol.connectionId).slice(1)).toEqual([
      { clientId: 21, clock: 1, state: cursor('alice') },
    ]);
    // Mallory's disconnect removes nothing of Alice's.
    await mallory.disconnect();
    expect(awarenessPosted(carol.connectionId)).toHaveLength(2);
  });

  it('answers query awareness with at most the room budget of states, at a bounded read', async () => {
    const room = await freshRoom();
    const members = [];
    for (const [index, user] of ['u1', 'u2', 'u3', 'u4'].entries()) {
      const socket = await openSocket(workspace, room, user);
      // ~3,900 bytes each: the 10,000-byte room budget holds two.
      await socket.send(awarenessFrame([{ clientId: 100 + index, clock: 1, state: cursor(user, 3880) }]));
      members.push(socket);
    }
    const asker = members[0]!;
    const relayed = awarenessPosted(asker.connectionId).length;
    const stats = await asker.send(queryAwarenessFrame);
    const answered = awarenessPosted(asker.connectionId).slice(relayed);
    expect(answered).toHaveLength(2);
    expect(answered.reduce((total, entry) => total + Buffer.byteLength(entry.state), 0)).toBeLessThanOrEqual(
      10_000,
    );
    expect(stats.capacityUnits).toBeLessThan(10);
  });
});

describe('realtime live state and connection bounds', () => {
  it('sends a joiner the live states of the document, which holds at most the number it reads', async () => {
    const document = await seedDocument(workspace);
    for (const id of ['a', 'b', 'c']) {
      await succeed(workspace, 'livestate.broadcast', { ...document, liveStateDataId: id, data: { id } });
    }
    const fourth = await callAs(workspace, 'livestate.broadcast', {
      ...document,
      liveStateDataId: 'd',
      data: {},
    });
    expect(fourth.statusCode).toBe(429);
    const socket = await openSocket(workspace, { ...document, editorId: 'main' });
    // The greeting carries the live states; the joiner does not speak.
    await socket.greet();
    const states = traffic.posted.filter(
      (post) => post.connectionId === socket.connectionId && post.frame.startsWith('{'),
    );
    expect(states).toHaveLength(3);
  });

  it('refuses a merge whose merged value would pass 64 KB', async () => {
    const document = await seedDocument(workspace);
    const half = { a: 'x'.repeat(40_000) };
    await succeed(workspace, 'livestate.broadcast', { ...document, liveStateDataId: 'big', data: half });
    const merged = await callAs(workspace, 'livestate.broadcast', {
      ...document,
      liveStateDataId: 'big',
      data: { b: 'y'.repeat(40_000) },
      merge: true,
    });
    expect(merged.statusCode).toBe(400);
    expect(merged.json.error?.status ?? merged.json.result?.status).toBe('INVALID_ARGUMENT');
  });

  it('refuses a user a third connection to one room with 429', async () => {
    const room = await freshRoom();
    await openSocket(workspace, room, 'dora');
    await openSocket(workspace, room, 'dora');
    expect(await connectStatus(workspace, room, 'dora')).toBe(429);
    expect(await connectStatus(workspace, room, 'erin')).toBe(200);
  });
});
