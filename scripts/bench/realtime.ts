import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { realtimeWebSocket } from '../../packages/client/src/realtime-websocket';
import { mapInParallel } from '../../shared/db/parallel';
import { apiKeyClient, createWorkspace, withinRate } from './scenarios/types';

/**
 * The realtime benchmark (`npm run bench`, after the route table; alone with `npx tsx
 * scripts/bench/realtime.ts`): rooms of 10, 100 and 500 real y-websocket clients (through the
 * project's adapter, one user each) in the local stack, at the deployment's settings (a room holds
 * 500 connections; a user 10 of a room; an API key 500 connects and frames a second). Clients join
 * in waves of 50, each wave synced before the next, the way a room fills over time rather than in
 * one burst past the API key's realtime rate. Then `BENCH_REALTIME_UPDATES` REST crdt/update calls
 * (default 100) each change the text. Per room size: the time from sending the REST request until
 * every client holds the change (`p50Ms`, `p99Ms`, over updates), until each client holds it
 * (`perClientMs`, over clients × updates), the frames clients sent per join, the time until every
 * client knew every other's awareness state, and the DynamoDB calls of one broadcasting
 * crdt/update (`x-db-calls`). Writes bench/realtime.json: one row per room size.
 * `BENCH_REALTIME_ROOM_SIZES` (e.g. `10,100`) picks the room sizes.
 */

const root = resolve(import.meta.dirname, '../..');
const updates = Number(process.env.BENCH_REALTIME_UPDATES ?? 100);
/** Room sizes measured (`BENCH_REALTIME_ROOM_SIZES`, comma-separated; default 10,100,500). */
const roomSizes = (process.env.BENCH_REALTIME_ROOM_SIZES || '10,100,500').split(',').map((size) => {
  const clients = Number(size);
  if (!Number.isInteger(clients) || clients < 1) throw new Error(`bad room size ${size}`);
  return clients;
});
/** Clients that connect together; the next wave starts once they synced. */
const joinWave = 50;

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 1));
  }
}

interface Row {
  clients: number;
  /** From sending the REST request until every client holds the change, over updates. */
  p50Ms: number;
  p99Ms: number;
  updates: number;
  /** From sending the REST request until one client holds the change, over clients × updates. */
  perClientMs: { p50: number; p99: number; max: number };
  /** Until each client holds the change, counted from the REST answer (0: it arrived before). */
  afterAnswerMs: { p50: number; p99: number };
  /** Frames all clients sent while the room filled, per client that joined. */
  framesPerJoin: number;
  /** From the first connect until every client synced, and until every client knew every state. */
  joinedMs: number;
  awarenessSettledMs: number;
  dbCallsPerUpdate: number;
}

async function main(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // Every provider adds a process `exit` listener.
  process.setMaxListeners(Math.max(...roomSizes) + 20);
  const { startLocalStack } = await import('../local/stack');
  // No queue consumers, stream fan-out or reconciler: nothing measured here needs them, and their
  // polling would share DynamoDB Local with the rooms.
  const stack = await startLocalStack({ port: 0, exposeDbMetrics: true, workers: false });
  const { listConnections } = await import('../../shared/sockets/repository');
  const rows: Row[] = [];
  try {
    const context = { url: stack.url, runId: Date.now().toString(36), requestsPerScenario: 0 };
    const { apiKey } = await createWorkspace(context, 'realtime');
    const api = apiKeyClient(stack.url, apiKey);
    let framesSent = 0;
    // The `ws` socket, counting the frames the adapter sends (text frames, with `send(text)` alone).
    class CountingWebSocket extends WebSocket {
      override send(frame: string): void {
        framesSent += 1;
        super.send(frame);
      }
    }
    const Socket = realtimeWebSocket({ WebSocket: CountingWebSocket });
    // One user per client: a user may hold 10 connections of a room.
    console.error(`Generating ${Math.max(...roomSizes)} user tokens...`);
    const tokens = await mapInParallel(
      Array.from({ length: Math.max(...roomSizes) }, (_, index) => index),
      10,
      async (index) => {
        const userId = `bench-${index}`;
        const { token } = await withinRate(() =>
          api.call<{ token: string }>('auth.token.generate', {
            userId,
            userProperties: { name: `Bench ${index}`, email: `${userId}@example.com` },
          }),
        );
        return token;
      },
    );
    await api.call('organizations.add', { organizations: [{ organizationId: 'org' }] });
    for (const size of roomSizes) {
      const documentId = `doc-${size}`;
      const room = { organizationId: 'org', documentId, editorId: 'editor' };
      await api.call('organizations.documents.add', { organizationId: 'org', documents: [{ documentId }] });
      await api.call('crdt.add', { ...room, type: 'text', data: 'revision 0' });
      console.error(`Connecting ${size} client(s) in waves of ${joinWave}...`);
      const clients: { doc: Y.Doc; provider: WebsocketProvider }[] = [];
      const joinStart = Date.now();
      framesSent = 0;
      for (let start = 0; start < size; start += joinWave) {
        const wave = Array.from({ length: Math.min(joinWave, size - start) }, (_, offset) => {
          const doc = new Y.Doc();
          const provider = new WebsocketProvider(`${stack.url.replace('http', 'ws')}/v2`, 'realtime', doc, {
            params: { apiKey: apiKey.key, token: tokens[start + offset] as string, ...room },
            WebSocketPolyfill: Socket,
            disableBc: true,
          });
          // What an application announces (a name; a cursor later). The provider's initial `{}` is
          // at clock 0, which other y-protocols clients ignore until its renewal 15 s later.
          provider.awareness.setLocalStateField('user', { name: `Bench ${start + offset}` });
          return { doc, provider };
        });
        clients.push(...wave);
        await waitUntil(() => wave.every((client) => client.provider.synced), 120_000, 'a wave to sync');
        console.error(`  ${clients.length} synced after ${Date.now() - joinStart} ms`);
      }
      const joinedMs = Date.now() - joinStart;
      await waitUntil(
        () => clients.every((client) => client.provider.awareness.getStates().size === size),
        120_000,
        'every awareness state at every client',
      );
      const awarenessSettledMs = Date.now() - joinStart;
      const framesPerJoin = framesSent / size;
      const untilEvery: number[] = [];
      const perClient: number[] = [];
      const afterAnswer: number[] = [];
      const dbCalls: number[] = [];
      for (let update = 1; update <= updates; update += 1) {
        const expected = `revision ${update}`;
        const seen = new Set<number>();
        let answeredAt = Number.NaN;
        let lastMs = 0;
        const started = Date.now();
        const observers = clients.map((client, index) => {
          const text = client.doc.getText('content');
          const observe = () => {
            if (!seen.has(index) && text.toString() === expected) {
              seen.add(index);
              lastMs = Date.now() - started;
              perClient.push(lastMs);
              afterAnswer.push(Number.isNaN(answeredAt) ? 0 : Date.now() - answeredAt);
            }
          };
          text.observe(observe);
          return () => text.unobserve(observe);
        });
        const response = await fetch(`${stack.url}/v2/crdt/update`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...api.headers },
          body: JSON.stringify({ data: { ...room, type: 'text', data: expected } }),
        });
        dbCalls.push(Number(response.headers.get('x-db-calls')));
        await response.arrayBuffer();
        answeredAt = Date.now();
        await waitUntil(() => seen.size === clients.length, 30_000, `update ${update} at every client`);
        untilEvery.push(lastMs);
        if (update % 10 === 0) console.error(`  update ${update}: ${lastMs} ms until every client`);
        for (const stop of observers) stop();
      }
      for (const client of clients) {
        client.provider.destroy();
        client.doc.destroy();
      }
      // The next room starts once every `$disconnect` of this one has run.
      while ((await listConnections(apiKey.key, room, Date.now())).length > 0) {
        await new Promise((done) => setTimeout(done, 100));
      }
      for (const samples of [untilEvery, perClient, afterAnswer]) samples.sort((a, b) => a - b);
      const row: Row = {
        clients: size,
        p50Ms: percentile(untilEvery, 50),
        p99Ms: percentile(untilEvery, 99),
        updates,
        perClientMs: {
          p50: percentile(perClient, 50),
          p99: percentile(perClient, 99),
          max: perClient.at(-1) ?? 0,
        },
        afterAnswerMs: { p50: percentile(afterAnswer, 50), p99: percentile(afterAnswer, 99) },
        framesPerJoin: Number(framesPerJoin.toFixed(1)),
        joinedMs,
        awarenessSettledMs,
        dbCallsPerUpdate: Math.max(...dbCalls),
      };
      rows.push(row);
      console.error(JSON.stringify(row));
    }
  } finally {
    await stack.stop();
  }
  console.log('\nRealtime: REST crdt/update to every connected client (local stack)');
  console.log(
    'clients | until every client p50 / p99 ms | each client p50 / p99 ms | frames per join | joined / awareness settled ms | DynamoDB calls per update',
  );
  for (const row of rows) {
    const cells = [row.p50Ms, row.p99Ms, row.perClientMs.p50, row.perClientMs.p99, row.framesPerJoin];
    console.log(
      `${String(row.clients).padStart(7)} | ${cells.map((cell) => String(cell).padStart(5)).join(' | ')} | ${row.joinedMs} / ${row.awarenessSettledMs} | ${row.dbCallsPerUpdate}`,
    );
  }
  mkdirSync(resolve(root, 'bench'), { recursive: true });
  const file = resolve(root, 'bench/realtime.json');
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`\nWrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
