import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { realtimeWebSocket, type WebSocketConstructor } from '../../client/realtime-websocket';
import { apiKeyClient, createWorkspace } from './scenarios/types';

/**
 * The realtime benchmark (`npm run bench`, after the route table; alone with `npx tsx
 * scripts/bench/realtime.ts`): 1, 10 and 100 real y-websocket clients (through the project's
 * adapter) in one room of the local stack; `BENCH_REALTIME_UPDATES` REST crdt/update calls
 * (default 50) each change one paragraph. Reports, per room size, the latency from sending the
 * REST request until each client holds the change (p50/p99 over every client × update) and the
 * DynamoDB calls of one broadcasting crdt/update (`x-db-calls`). Writes bench/realtime.json.
 * `BENCH_REALTIME_ROOM_SIZES` (e.g. `1,10`) picks the room sizes: on a loaded 2-core machine the
 * 100-client room may not sync within the 60 s wait.
 */

const root = resolve(import.meta.dirname, '../..');
const updates = Number(process.env.BENCH_REALTIME_UPDATES ?? 50);
/** Room sizes measured (`BENCH_REALTIME_ROOM_SIZES`, comma-separated; default 1,10,100). */
const roomSizes = (process.env.BENCH_REALTIME_ROOM_SIZES || '1,10,100').split(',').map((size) => {
  const clients = Number(size);
  if (!Number.isInteger(clients) || clients < 1) throw new Error(`bad room size ${size}`);
  return clients;
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 1));
  }
}

async function main(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { startLocalStack } = await import('../local/stack');
  const stack = await startLocalStack({ port: 0, exposeDbMetrics: true });
  const results: Record<string, unknown>[] = [];
  try {
    const context = { url: stack.url, runId: Date.now().toString(36), requestsPerScenario: 0 };
    const { apiKey } = await createWorkspace(context, 'realtime');
    const api = apiKeyClient(stack.url, apiKey);
    const Socket = realtimeWebSocket({ WebSocket: WebSocket as unknown as WebSocketConstructor });
    const { token } = await api.call<{ token: string }>('auth.token.generate', {
      userId: 'bench',
      userProperties: { name: 'Bench', email: 'bench@example.com' },
    });
    await api.call('organizations.add', { organizations: [{ organizationId: 'org' }] });
    for (const size of roomSizes) {
      const documentId = `doc-${size}`;
      const room = { organizationId: 'org', documentId, editorId: 'editor' };
      await api.call('organizations.documents.add', { organizationId: 'org', documents: [{ documentId }] });
      await api.call('crdt.add', { ...room, type: 'text', data: 'revision 0' });
      console.error(`Connecting ${size} client(s)...`);
      const clients = Array.from({ length: size }, () => {
        const doc = new Y.Doc();
        const provider = new WebsocketProvider(`${stack.url.replace('http', 'ws')}/v2`, 'realtime', doc, {
          params: { apiKey: apiKey.key, token, ...room },
          WebSocketPolyfill: Socket as unknown as typeof globalThis.WebSocket,
          disableBc: true,
        });
        return { doc, provider };
      });
      await waitUntil(() => clients.every((client) => client.provider.synced), 60_000);
      const latencies: number[] = [];
      const afterAnswer: number[] = [];
      const dbCalls: number[] = [];
      for (let update = 1; update <= updates; update += 1) {
        const expected = `revision ${update}`;
        const seen = new Set<number>();
        let answeredAt = Number.NaN;
        const observers = clients.map((client, index) => {
          const text = client.doc.getText('content');
          const started = Date.now();
          const observe = () => {
            if (!seen.has(index) && text.toString() === expected) {
              seen.add(index);
              latencies.push(Date.now() - started);
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
        await waitUntil(() => seen.size === clients.length, 30_000);
        for (const stop of observers) stop();
      }
      for (const client of clients) {
        client.provider.destroy();
        client.doc.destroy();
      }
      latencies.sort((a, b) => a - b);
      afterAnswer.sort((a, b) => a - b);
      const row = {
        clients: size,
        updates,
        latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) },
        afterAnswerMs: { p50: percentile(afterAnswer, 50), p99: percentile(afterAnswer, 99) },
        dbCallsPerUpdate: Math.max(...dbCalls),
      };
      results.push(row);
      console.error(JSON.stringify(row));
    }
  } finally {
    await stack.stop();
  }
  console.log('\nRealtime: REST crdt/update to connected clients (local stack)');
  console.log(
    'clients | from request p50 / p99 ms | after the answer p50 / p99 ms | DynamoDB calls per update',
  );
  for (const row of results as {
    clients: number;
    latencyMs: { p50: number; p99: number };
    afterAnswerMs: { p50: number; p99: number };
    dbCallsPerUpdate: number;
  }[]) {
    const cells = [row.latencyMs.p50, row.latencyMs.p99, row.afterAnswerMs.p50, row.afterAnswerMs.p99];
    console.log(
      `${String(row.clients).padStart(7)} | ${cells.map((cell) => String(cell).padStart(5)).join(' | ')} | ${row.dbCallsPerUpdate}`,
    );
  }
  mkdirSync(resolve(root, 'bench'), { recursive: true });
  const file = resolve(root, 'bench/realtime.json');
  writeFileSync(file, `${JSON.stringify({ timestamp: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`\nWrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
