import { randomUUID } from 'node:crypto';
import { connect, disconnect } from '../../../shared/realtime/connections';
import { deleteConnection, listConnections } from '../../../shared/sockets/repository';
import { setEnvForFile } from '../../support/file-env';
import { seedDocument, storeConnection, userToken } from '../../support/realtime';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// A deployment's cap is 500 (addendum §9); a small one makes the cap quick to reach.
const cap = 5;
setEnvForFile('MAX_REALTIME_CONNECTIONS_PER_ROOM', String(cap));

jest.setTimeout(60_000);

let workspace: TestWorkspace;
let token: string;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  token = await userToken(workspace, 'alice');
});

/** A fresh room of a fresh public document. */
async function freshRoom() {
  return { ...(await seedDocument(workspace)), editorId: `editor-${randomUUID()}` };
}

type Room = Awaited<ReturnType<typeof freshRoom>>;

/** `$connect` of `count` new connections at once; their ids, accepted ones first. */
async function connectMany(room: Room, count: number) {
  const ids = Array.from({ length: count }, () => randomUUID());
  const outcomes = await Promise.all(
    ids.map((id) => connect(id, { apiKey: workspace.apiKey, token, ...room }, undefined)),
  );
  return {
    accepted: ids.filter((_, index) => outcomes[index]?.accepted),
    refused: outcomes.filter((outcome) => !outcome.accepted),
  };
}

const connected = async (room: Room) => (await listConnections(workspace.apiKey, room, Date.now())).length;

describe('realtime $connect at the per-room cap', () => {
  it(`lets exactly ${cap} of 20 parallel connects into a room; the rest are refused with 429`, async () => {
    const room = await freshRoom();
    const { accepted, refused } = await connectMany(room, 20);
    expect(accepted).toHaveLength(cap);
    expect(refused).toHaveLength(20 - cap);
    for (const outcome of refused) expect(outcome).toMatchObject({ accepted: false, statusCode: 429 });
    expect(await connected(room)).toBe(cap);
  });

  it('frees a place when a connection disconnects, and only one for concurrent deletes of it', async () => {
    const room = await freshRoom();
    const { accepted } = await connectMany(room, cap);
    const leaving = accepted[0] as string;
    // $disconnect and a 410 Gone of the same connection race: one place is freed, not two.
    await Promise.all([
      disconnect(leaving),
      deleteConnection(workspace.apiKey, room, leaving, Date.now()),
      deleteConnection(workspace.apiKey, room, leaving, Date.now()),
    ]);
    expect(await connected(room)).toBe(cap - 1);
    const again = await connectMany(room, 3);
    expect(again.accepted).toHaveLength(1);
    expect(await connected(room)).toBe(cap);
  });

  it('heals a count left high by connections that expired without $disconnect', async () => {
    const room = await freshRoom();
    const longAgo = Date.now() - 4 * 60 * 60 * 1000;
    // Counted when they connected 4 hours ago, past their TTL now, never disconnected.
    for (let index = 0; index < cap; index += 1) {
      const stored = await storeConnection(workspace.apiKey, room, {
        connectedAt: longAgo,
        maxConnections: cap,
      });
      expect(stored).toBeDefined();
    }
    expect(await connected(room)).toBe(0);
    const { accepted, refused } = await connectMany(room, cap + 3);
    expect(accepted).toHaveLength(cap);
    expect(refused).toHaveLength(3);
    expect(await connected(room)).toBe(cap);
  });

  it('counts each room on its own', async () => {
    const full = await freshRoom();
    await connectMany(full, cap);
    expect((await connectMany(full, 1)).refused).toHaveLength(1);
    expect((await connectMany({ ...full, editorId: 'another-editor' }, 1)).accepted).toHaveLength(1);
  });
});
