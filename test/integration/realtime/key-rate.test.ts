import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import WebSocket from 'ws';
import { handler as connectHandler } from '../../../functions/realtime/connect';
import type { DevServer } from '../../../scripts/local/dev-server';
import { measureDbCalls } from '../../../shared/db/metrics';
import { overRateCloseCode } from '../../../shared/realtime/key-frame-rate';
import { holdDate } from '../../support/held-date';
import { waitFor } from '../../support/poll';
import { seedDocument, startRealtimeServer, upgradeStatus, userToken } from '../../support/realtime';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

/** Per-API-key realtime rate (`API_KEY_REALTIME_RATE`): connects and frames of all a key's sockets. */
jest.setTimeout(60_000);

const rate = 4;
process.env.API_KEY_REALTIME_RATE = String(rate);

// Windows are seconds of the service's clock: Date is held still (timers stay real) so each step
// lands in the window it names.
const start = Date.UTC(2030, 0, 1, 12, 0, 0, 100);
beforeAll(() => {
  holdDate(start);
});

let server: DevServer;
let workspace: TestWorkspace;
let document: { organizationId: string; documentId: string };
let token: string;
let second = 0;

beforeAll(async () => {
  server = await startRealtimeServer();
  workspace = await createTestWorkspace();
  document = await seedDocument(workspace);
  token = await userToken(workspace, 'alice');
});
afterAll(async () => {
  await server?.close();
  jest.useRealTimers();
  process.env.API_KEY_REALTIME_RATE = '0';
});
/** Each test in a window of its own. */
beforeEach(() => {
  second += 10;
  jest.setSystemTime(start + second * 1000);
});

const query = (overrides: Record<string, string> = {}) => ({
  apiKey: workspace.apiKey,
  token,
  ...document,
  editorId: 'editor-1',
  ...overrides,
});

/** An open raw socket and the close code it gets. */
async function openSocket(params: Record<string, string>) {
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}/v2/realtime?${new URLSearchParams(params)}`,
  );
  const closed = once(socket, 'close') as Promise<[number, Buffer]>;
  await once(socket, 'open');
  return { socket, closed };
}

describe('realtime rate of an API key', () => {
  it(`closes the socket with ${overRateCloseCode} on the frame past ${rate} a second (the connect counts)`, async () => {
    const { socket, closed } = await openSocket(query());
    let closeCode: number | undefined;
    void closed.then(([code]) => {
      closeCode = code;
    });
    // Query-awareness frames: the connect and three of them fill the window, the fifth is over it.
    for (let index = 0; index < rate; index += 1) socket.send('Aw==');
    await waitFor(() => closeCode !== undefined, 10_000, 'close');
    expect(closeCode).toBe(overRateCloseCode);
  });

  it(`refuses a connect past ${rate} a second with 429; another key connects in the same second`, async () => {
    for (let index = 0; index < rate; index += 1) expect(await upgradeStatus(server, query())).toBe(101);
    expect(await upgradeStatus(server, query())).toBe(429);
    const other = await createTestWorkspace();
    const otherDocument = await seedDocument(other);
    const otherToken = await userToken(other, 'bob');
    expect(
      await upgradeStatus(server, {
        apiKey: other.apiKey,
        token: otherToken,
        ...otherDocument,
        editorId: 'e',
      }),
    ).toBe(101);
  });

  it('refuses the connects after a refused one without reading anything, until the next second', async () => {
    for (let index = 0; index < rate; index += 1) expect(await upgradeStatus(server, query())).toBe(101);
    expect(await upgradeStatus(server, query())).toBe(429);
    const connectEvent = {
      requestContext: { connectionId: randomUUID(), routeKey: '$connect' },
      queryStringParameters: query(),
    };
    const refused = await measureDbCalls(() => connectHandler(connectEvent));
    expect(refused.result.statusCode).toBe(429);
    expect(refused.stats.commands).toEqual([]);
    jest.setSystemTime(start + (second + 1) * 1000);
    expect(await upgradeStatus(server, query())).toBe(101);
  });

  it('gives back the connects refused for a wrong token, so they cannot spend the key’s rate', async () => {
    for (let index = 0; index < rate + 2; index += 1)
      expect(await upgradeStatus(server, query({ token: 'not.a.jwt' }))).toBe(401);
    for (let index = 0; index < rate; index += 1) expect(await upgradeStatus(server, query())).toBe(101);
  });
});
