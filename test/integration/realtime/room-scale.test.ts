import { randomUUID } from 'node:crypto';
import { fromBase64, toBase64 } from 'lib0/buffer';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { writeSyncStep2 } from 'y-protocols/sync';
import * as Y from 'yjs';
import { keys } from '../../../shared/db/keys';
import type { DbCallStats } from '../../../shared/db/metrics';
import { renewalRoundMembers, renewalRoundMs } from '../../../shared/realtime/awareness-updates';
import type { Room } from '../../../shared/realtime/schemas';
import { readAwarenessUpdate } from '../../../shared/sockets/awareness-messages';
import { framesOf, postConcurrency, syncUpdateMessage } from '../../../shared/sockets/broadcast';
import { installConnectionPoster } from '../../../shared/sockets/poster';
import { recentListingMs } from '../../../shared/sockets/recent-rooms';
import { setEnvForFile } from '../../support/file-env';
import { holdDate } from '../../support/held-date';
import { seedDocument } from '../../support/realtime';
import { awarenessFrame, openSocket, type TestSocket } from '../../support/socket';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// Every frame of the test stays within one access check (deployments: 30 s), so a slow machine
// adds no re-check to the larger room's frames.
setEnvForFile('REALTIME_ACCESS_RECHECK_SECONDS', '3600');

/**
 * What joining a realtime room and broadcasting in it cost, in a room of 3 and of 120 (through the
 * real `$connect`, `$default` and `$disconnect` handlers, with a poster that records what API
 * Gateway would be asked to send): the same DynamoDB calls in both rooms, one post per other
 * connection, at most `postConcurrency` posts in flight, awareness renewals relayed without a room
 * read within a second of the last one (in the large room, in rounds), and the room's awareness
 * reaching a joiner in one message.
 */
jest.setTimeout(180_000);

const smallRoom = 3;
const largeRoom = 120;

let workspace: TestWorkspace;
const posted: { connectionId: string; frame: string }[] = [];
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  installConnectionPoster({
    // Each post answers on a later turn of the event loop, so posts started together overlap.
    post: async (connectionId, frame) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((turn) => setImmediate(turn));
      inFlight -= 1;
      posted.push({ connectionId, frame });
      return 'sent';
    },
    close: async () => 'sent' as const,
  });
});
afterAll(() => installConnectionPoster(undefined));

/** The DynamoDB commands of a step, sorted, without the connection's frame-rate window (one or two calls, by the clock). */
const commandsOf = (stats: DbCallStats) =>
  stats.trace
    .filter((call) => (call.input.Key as { sk?: unknown } | undefined)?.sk !== 'FRAMES')
    .map((call) => call.command)
    .sort();

const state = (name: string) => JSON.stringify({ user: { name } });

/** A client's answer to the server's sync step 1: step 2 with what it holds (an empty document). */
const emptyStep2Frame = () => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  writeSyncStep2(encoder, new Y.Doc());
  return toBase64(encoding.toUint8Array(encoder));
};

/** An edit as the one frame a y-websocket client sends for it. */
const editFrame = (text: string) => {
  const doc = new Y.Doc();
  doc.getText('content').insert(0, text);
  return framesOf(syncUpdateMessage(Y.encodeStateAsUpdate(doc)))[0] as string;
};

/** The awareness entries of every awareness message in `frames`. */
const awarenessEntries = (frames: readonly string[]) =>
  frames
    .filter((frame) => !frame.startsWith('{'))
    .flatMap((frame) => {
      const decoder = decoding.createDecoder(fromBase64(frame));
      if (decoding.readVarUint(decoder) !== 1) return [];
      return [readAwarenessUpdate(decoding.readVarUint8Array(decoder))];
    });

/** Runs `step` and returns its DynamoDB calls and the frames posted meanwhile. */
async function observe(step: () => Promise<DbCallStats>) {
  const before = posted.length;
  mostInFlight = 0;
  const stats = await step();
  return { stats, commands: commandsOf(stats), posts: posted.slice(before), mostInFlight };
}

/** The Queries of a step that read the room's connections. */
const roomReads = (stats: DbCallStats, room: Room) =>
  stats.trace.filter(
    (call) =>
      call.command === 'Query' &&
      (call.input.ExpressionAttributeValues as Record<string, unknown>)[':prefix'] ===
        keys.realtimeRoomPrefix(room.organizationId, room.documentId, room.editorId),
  );

/**
 * A member's cursor move (relayed to the room as listed now), its renewal in the same second
 * (y-protocols re-sends every state each 15 s: relayed to that listing; in a large room it starts
 * the first renewal round), one a second later (listed again; in a large room no round is due), and
 * one a round later. The clock is held, ahead of every state stored before, so that "the same
 * second" and "stored since" do not depend on the machine.
 */
async function renewals(member: TestSocket) {
  holdDate(Date.now() + 5 * recentListingMs);
  try {
    const moved = state('moved');
    const renew = (clock: number) => member.send(awarenessFrame([{ clientId: 1000, clock, state: moved }]));
    const change = await observe(() =>
      member.send(awarenessFrame([{ clientId: 1000, clock: 2, state: moved }])),
    );
    const renewal = await observe(() => renew(3));
    jest.setSystemTime(Date.now() + recentListingMs);
    const laterRenewal = await observe(() => renew(4));
    jest.setSystemTime(Date.now() + renewalRoundMs);
    const roundRenewal = await observe(() => renew(5));
    return { change, renewal, laterRenewal, roundRenewal };
  } finally {
    jest.useRealTimers();
  }
}

/**
 * A room of `size` connections of distinct users, each with its awareness state, then one more
 * joining as a y-websocket client does (connect, sync step 1, step 2, its awareness), an echo of
 * its state from a member (a y-websocket client re-sends the states it receives), a member's edit,
 * and the joiner leaving.
 */
async function profile(size: number) {
  const room = { ...(await seedDocument(workspace)), editorId: `editor-${randomUUID()}` };
  const members: TestSocket[] = [];
  for (let start = 0; start < size; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, size - start) }, async (_, offset) => {
        const index = start + offset;
        const socket = await openSocket(workspace, room, `member-${index}`);
        await socket.send(awarenessFrame([{ clientId: 1000 + index, clock: 1, state: state(`m${index}`) }]));
        return socket;
      }),
    );
    members.push(...batch);
  }
  const member = members[0] as TestSocket;
  let joiner: TestSocket | undefined;
  const connect = await observe(async () => {
    joiner = await openSocket(workspace, room, 'joiner');
    return joiner.connected;
  });
  const socket = joiner as TestSocket;
  const joinerAwareness = { clientId: 1, clock: 1, state: state('joiner') };
  return {
    connect,
    greeting: await observe(() => socket.greet()),
    step1: await observe(() => socket.send('AAABAA==')),
    step2: await observe(() => socket.send(emptyStep2Frame())),
    awareness: await observe(() => socket.send(awarenessFrame([joinerAwareness]))),
    echo: await observe(() => member.send(awarenessFrame([joinerAwareness]))),
    edit: await observe(() => member.send(editFrame('hello'))),
    ...(await renewals(member)),
    leave: await observe(() => socket.disconnect()),
    joinerId: socket.connectionId,
    room,
  };
}

describe('realtime room scale', () => {
  let small: Awaited<ReturnType<typeof profile>>;
  let large: Awaited<ReturnType<typeof profile>>;

  beforeAll(async () => {
    small = await profile(smallRoom);
    large = await profile(largeRoom);
  });

  it('makes the same DynamoDB calls per join and per broadcast in a room of 3 and of 120', () => {
    const steps = [
      'connect',
      'greeting',
      'step1',
      'step2',
      'awareness',
      'echo',
      'edit',
      'change',
      'leave',
    ] as const;
    for (const step of steps) {
      expect({ step, commands: large[step].commands }).toEqual({ step, commands: small[step].commands });
    }
    // One room read per broadcast: a single page of the room's connections; none for a renewal
    // within a second of the last read.
    for (const step of ['awareness', 'edit', 'change', 'leave'] as const) {
      expect(roomReads(large[step].stats, large.room)).toHaveLength(1);
    }
    for (const steps of [small, large]) {
      expect(roomReads(steps.renewal.stats, steps.room)).toHaveLength(0);
      expect(roomReads(steps.laterRenewal.stats, steps.room)).toHaveLength(1);
    }
  });

  it('posts one frame per other connection for a broadcast, none for an echo, with bounded concurrency', () => {
    for (const [size, steps] of [
      [smallRoom, small],
      [largeRoom, large],
    ] as const) {
      expect(steps.awareness.posts).toHaveLength(size);
      expect(steps.edit.posts).toHaveLength(size);
      expect(steps.leave.posts).toHaveLength(size);
      expect(steps.echo.posts).toHaveLength(0);
      expect(new Set(steps.awareness.posts.map((post) => post.connectionId)).has(steps.joinerId)).toBe(false);
    }
    expect(large.awareness.mostInFlight).toBe(postConcurrency);
    expect(large.edit.mostInFlight).toBe(postConcurrency);
    expect(small.edit.mostInFlight).toBe(smallRoom);
  });

  it('relays each renewal in a small room, and a large room’s renewals in rounds', () => {
    const renewed = (clock: number) => [{ clientId: 1000, clock, state: state('moved') }];
    // A room of 4: every renewal reaches the 3 others at once, as it came.
    for (const [step, clock] of [
      ['renewal', 3],
      ['laterRenewal', 4],
      ['roundRenewal', 5],
    ] as const) {
      expect(small[step].posts).toHaveLength(smallRoom);
      expect(awarenessEntries(small[step].posts.map((post) => post.frame))).toEqual(
        Array.from({ length: smallRoom }, () => renewed(clock)),
      );
    }
    // A room of 121: the first renewal starts a round, which relays every state stored since none
    // ran (all 121) to each other connection in one message.
    expect(largeRoom + 1).toBeGreaterThanOrEqual(renewalRoundMembers);
    const firstRound = awarenessEntries(large.renewal.posts.map((post) => post.frame));
    expect(firstRound).toHaveLength(largeRoom);
    for (const entries of firstRound) expect(entries).toHaveLength(largeRoom + 1);
    expect(firstRound[0]).toContainEqual(renewed(3)[0]);
    // A second later no round is due: nothing is posted.
    expect(large.laterRenewal.posts).toHaveLength(0);
    // A round later, the next renewal relays what was stored since the last round: that member's
    // newest state, once to each other connection.
    expect(awarenessEntries(large.roundRenewal.posts.map((post) => post.frame))).toEqual(
      Array.from({ length: largeRoom }, () => renewed(5)),
    );
    // A round costs one UpdateItem and one Query of the renewed claims beside the renewal's own
    // write; a renewal between rounds one failed UpdateItem.
    const claimReads = (stats: DbCallStats) =>
      stats.trace.filter(
        (call) =>
          call.command === 'Query' &&
          (call.input.ExpressionAttributeValues as Record<string, unknown>)[':prefix'] ===
            keys.awarenessClaimPrefix(large.room),
      );
    expect(claimReads(large.renewal.stats)).toHaveLength(1);
    expect(claimReads(large.laterRenewal.stats)).toHaveLength(0);
    expect(claimReads(large.roundRenewal.stats)).toHaveLength(1);
    expect(large.laterRenewal.commands.filter((command) => command === 'UpdateItem')).toHaveLength(2);
    expect(small.laterRenewal.commands.filter((command) => command === 'UpdateItem')).toHaveLength(1);
  });

  it('greets a joiner with two frames, the room’s awareness in one message, and answers its step 1 with two', () => {
    for (const [size, steps] of [
      [smallRoom, small],
      [largeRoom, large],
    ] as const) {
      const frames = steps.greeting.posts.map((post) => post.frame);
      expect(frames).toHaveLength(2);
      const messages = awarenessEntries(frames);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toHaveLength(size);
      // Step 2 and the server's step 1; the awareness came with the greeting.
      expect(steps.step1.posts).toHaveLength(2);
      expect(awarenessEntries(steps.step1.posts.map((post) => post.frame))).toHaveLength(0);
    }
  });
});
