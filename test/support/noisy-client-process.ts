import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';

/**
 * Child-process entry: a tenant that hammers the service at ten times its rate, ignoring every
 * `Retry-After` — six loops of comment writes, and four sockets each sending query-awareness frames
 * every 10 ms and reconnecting as soon as they are closed or refused. Ten times, not as fast as
 * answered: a flood of thousands a second on one machine measures the machine's loopback and this
 * client's own CPU, which in AWS fall on API Gateway and the caller. It is also the tenant's
 * webhook receiver (its URL is sent to the parent at start): the tenant's deliveries land on its own
 * server, not beside the other tenant's. Configured by the parent's next message; on `stop` it
 * reports what it got back (HTTP statuses, how its sockets ended).
 */
interface NoisyClientSettings {
  url: string;
  /** The API key's rate (per second, HTTP and realtime alike). */
  rate: number;
  headers: Record<string, string>;
  connectQuery: Record<string, string>;
  room: { organizationId: string; documentId: string };
}

const outcome = { http: {} as Record<string, number>, sockets: {} as Record<string, number> };
const tally = (record: Record<string, number>, key: string) => {
  record[key] = (record[key] ?? 0) + 1;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const open = new Set<WebSocket>();
let running = true;

const writeLoops = 6;
const sockets = 4;
/** How far above its rate the tenant goes, on each of HTTP and realtime. */
const overRate = 10;

async function writes({ url, headers, room, rate }: NoisyClientSettings, loop: number) {
  for (let index = 0; running; index += 1) {
    const commentAnnotations = [
      {
        annotationId: `noise-${loop}-${index}`,
        commentData: [{ commentId: 'c', from: { userId: 'noisy' }, commentText: 'Noise.' }],
      },
    ];
    try {
      const response = await fetch(`${url}/v2/commentannotations/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ data: { ...room, commentAnnotations } }),
      });
      await response.arrayBuffer();
      tally(outcome.http, String(response.status));
    } catch {
      tally(outcome.http, 'error');
    }
    await pause((1000 * writeLoops) / (overRate * rate));
  }
}

async function socket({ url, connectQuery, rate }: NoisyClientSettings) {
  while (running) {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/v2/realtime?${new URLSearchParams(connectQuery)}`);
    open.add(ws);
    const ended = await new Promise<string>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      ws.on('unexpected-response', (_request, response) => {
        response.resume();
        resolve(`refused ${response.statusCode}`);
      });
      ws.on('open', () => {
        timer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('Aw=='), 10);
      });
      ws.on('close', (code) => {
        clearInterval(timer);
        resolve(`closed ${code}`);
      });
      ws.on('error', () => {
        clearInterval(timer);
        resolve('error');
      });
    });
    open.delete(ws);
    tally(outcome.sockets, ended);
    await pause((1000 * sockets) / (overRate * rate));
  }
}

const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(204).end());
});
receiver.listen(0, '127.0.0.1', () =>
  process.send?.({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/` }),
);

let loops: Promise<void>[] = [];
process.on('message', async (message: NoisyClientSettings | 'stop') => {
  if (message !== 'stop') {
    loops = [
      ...Array.from({ length: writeLoops }, (_, loop) => writes(message, loop)),
      ...Array.from({ length: sockets }, () => socket(message)),
    ];
    return;
  }
  running = false;
  for (const ws of open) ws.terminate();
  await Promise.all(loops);
  process.send?.(outcome);
});
