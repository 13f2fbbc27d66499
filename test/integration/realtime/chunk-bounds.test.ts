import { randomUUID } from 'node:crypto';
import { maxFramePayload, maxMessageParts } from '../../../shared/sockets/frames';
import { installConnectionPoster } from '../../../shared/sockets/poster';
import { seedDocument } from '../../support/realtime';
import { openSocket, queryAwarenessFrame, recordTraffic, type SocketTraffic } from '../../support/socket';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

/** Chunked `~` frames on `$default` (addendum §9) and the bounds on what they store and read. */
jest.setTimeout(120_000);

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

/** A full-size part of base64 text ('A' decodes to zero bytes). */
const fullPart = 'A'.repeat(maxFramePayload);

describe('realtime $default with chunked frames', () => {
  it('keeps a never-finished message apart: each 13-byte completing frame reads only its own part', async () => {
    // The attack of issue 27: parts announcing the largest count, never finished, then tiny
    // one-part messages under the same id, each of which used to re-read every stored part.
    const socket = await openSocket(workspace, await freshRoom());
    const stored = 40;
    for (let index = 0; index < stored; index += 1) {
      await socket.send(`~m:${index}:${maxMessageParts}:${fullPart}`);
    }
    expect(await socket.scratch()).toHaveLength(stored + 2); // the parts, the tally, the rate window
    for (let trigger = 0; trigger < 5; trigger += 1) {
      const stats = await socket.send(`~m:0:1:${queryAwarenessFrame}`);
      // The part, the tally, its own one-item Query, the deletes, the room's awareness: a few
      // units, not the ~300 of re-reading 40 stored parts of 30,000 characters (measured: 7).
      expect(stats.capacityUnits).toBeLessThan(20);
      expect(stats.trace.filter((call) => call.command === 'Query')).toHaveLength(2);
    }
    // Each trigger was a whole one-part message (query awareness): answered to the sender.
    expect(traffic.posted.filter((post) => post.connectionId === socket.connectionId)).toHaveLength(5);
    expect(await socket.scratch()).toHaveLength(stored + 2);

    await socket.disconnect();
    expect(await socket.scratch()).toEqual([]);
  });

  it('refuses parts beyond the unfinished-messages cap and deletes them again', async () => {
    const socket = await openSocket(workspace, await freshRoom());
    // `Aw==` (query awareness) in three parts: A, w, ==.
    await socket.send('~a:0:3:A');
    await socket.send('~b:0:3:A');
    const before = await socket.scratch();
    // A third unfinished message (REALTIME_MAX_UNFINISHED_MESSAGES: 2) is not stored.
    await socket.send('~c:0:3:A');
    await socket.send('~c:1:3:w');
    expect((await socket.scratch()).map((item) => item.sk).sort()).toEqual(
      before.map((item) => item.sk).sort(),
    );
    // A finished message frees its place: its parts are deleted and the tally forgets it.
    await socket.send('~a:1:3:w');
    await socket.send('~a:2:3:==');
    expect(traffic.posted.filter((post) => post.connectionId === socket.connectionId)).toHaveLength(1);
    await socket.send('~c:0:3:A');
    expect((await socket.scratch()).filter((item) => String(item.sk).startsWith('CHUNK#'))).toHaveLength(2);
    await socket.disconnect();
    expect(await socket.scratch()).toEqual([]);
  });

  it('ignores a part longer than 30,000 characters and a count above the 4 MiB message', async () => {
    const socket = await openSocket(workspace, await freshRoom());
    await socket.send(`~big:0:2:${fullPart}AAAA`);
    await socket.send(`~many:0:${maxMessageParts + 1}:AAAA`);
    expect((await socket.scratch()).filter((item) => String(item.sk).startsWith('CHUNK'))).toEqual([]);
    await socket.disconnect();
  });
});
