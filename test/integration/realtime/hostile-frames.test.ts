import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { DevServer } from '../../../scripts/local/dev-server';
import { keys } from '../../../shared/db/keys';
import { queryAll } from '../../../shared/db/query-page';
import { listConnections } from '../../../shared/sockets/repository';
import { setEnvForFile } from '../../support/file-env';
import { waitFor } from '../../support/poll';
import { seedDocument, startRealtimeServer, userToken } from '../../support/realtime';
import { awarenessFrame } from '../../support/socket';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// A low rate so a flood reaches it quickly (deployments: 30 frames a second over 10 s windows).
setEnvForFile('REALTIME_FRAMES_PER_SECOND', '5');

/**
 * The hostile corpus over a real WebSocket to the local server: malformed, oversized, chunk abuse,
 * awareness and step-1 floods. The server stays up (GET /health), nothing is left behind.
 */
jest.setTimeout(120_000);

let server: DevServer;
let workspace: TestWorkspace;

beforeAll(async () => {
  server = await startRealtimeServer();
  workspace = await createTestWorkspace();
});
afterAll(async () => {
  await server?.close();
});

interface RawSocket {
  ws: WebSocket;
  closed: Promise<{ code: number }>;
}

async function rawSocket(room: { organizationId: string; documentId: string; editorId: string }) {
  const token = await userToken(workspace, 'hostile');
  const query = new URLSearchParams({ apiKey: workspace.apiKey, token, ...room });
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v2/realtime?${query}`);
  const closed = new Promise<{ code: number }>((done) => ws.on('close', (code) => done({ code })));
  ws.on('error', () => undefined);
  await new Promise<void>((done, fail) => {
    ws.once('open', () => done());
    ws.once('unexpected-response', () => fail(new Error('upgrade refused')));
  });
  return { ws, closed } satisfies RawSocket;
}

const healthStatus = async () => (await fetch(`${server.url}/health`)).status;

const freshRoom = async () => ({ ...(await seedDocument(workspace)), editorId: `editor-${randomUUID()}` });

/** Items a room's connections left under their ids (parts, tallies, rate windows). */
async function leftovers(connectionIds: readonly string[]) {
  const items = await Promise.all(
    connectionIds.map((id) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.connectionById(id).pk },
      }),
    ),
  );
  return items.flat();
}

describe('hostile realtime frames on the local server', () => {
  it('closes a socket sending a frame over 128 KB with 1009 and keeps serving', async () => {
    const { ws, closed } = await rawSocket(await freshRoom());
    ws.send('A'.repeat(131_073));
    expect((await closed).code).toBe(1009);
    expect(await healthStatus()).toBe(200);
    // And accepts the next connection.
    const next = await rawSocket(await freshRoom());
    next.ws.close();
    await next.closed;
  });

  it('survives malformed frames, chunk abuse and awareness floods, and leaves nothing behind', async () => {
    const room = await freshRoom();
    const { ws, closed } = await rawSocket(room);
    const [member] = await listConnections(workspace.apiKey, room, Date.now());
    const corpus = [
      '',
      '~',
      '~x',
      '~x:0:0:AAAA',
      '~x:5:2:AAAA',
      '~x:0:99999:AAAA',
      `~x:0:2:${'A'.repeat(30_001)}`,
      '~bad id:0:2:AAAA',
      '{',
      '{"type":"livestate"}',
      '[1,2,3]',
      '!!!!',
      'AAAA',
      '/////w==',
      'AP////8P',
      awarenessFrame([{ clientId: 1, clock: 1, state: '{broken' }]),
      awarenessFrame([{ clientId: 1, clock: 1, state: JSON.stringify('x'.repeat(5000)) }]),
      '~y:0:2:AQ',
      '~y:0:3:AQ',
      '~y:1:3:AQ',
    ];
    for (const frame of corpus) ws.send(frame);
    // Step-1 and query-awareness flood: past 5 frames a second over 10 s, the socket is closed with 1008.
    for (let index = 0; index < 120; index += 1) ws.send(index % 2 === 0 ? 'Aw==' : 'AAABAA==');
    expect((await closed).code).toBe(1008);
    expect(await healthStatus()).toBe(200);
    const connectionId = member?.connectionId as string;
    await waitFor(async () => (await leftovers([connectionId])).length === 0, 20_000, 'no leftovers');
    expect(await listConnections(workspace.apiKey, room, Date.now())).toEqual([]);
  });
});
