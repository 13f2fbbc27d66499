import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';

/**
 * Child-process entry: a tenant that uses the service in one of two modes, switched by the parent at
 * will. `hammer`: ten times its rate, ignoring every `Retry-After` — six loops of comment writes, and
 * four sockets each sending query-awareness frames every 10 ms and reconnecting as soon as they are
 * closed or refused. Ten times, not as fast as answered: a flood of thousands a second on one machine
 * measures the machine's loopback and this client's own CPU, which in AWS fall on API Gateway and the
 * caller. `polite`: the same work at its share — `rate` loops each writing once in each second of the clock and waiting
 * when told to, one socket sending frames just under its realtime rate. Both modes get the same work admitted;
 * they differ in what the service must refuse. It is also the tenant's webhook receiver (its URL is
 * sent to the parent at start): the tenant's deliveries land on its own server, not beside the other
 * tenant's. Configured by the parent's next message; `{ mode }` switches; on `stop` it reports what
 * each mode got back (HTTP statuses, how its sockets ended).
 */
interface NoisyClientSettings {
  url: string;
  /** The API key's rate (per second, HTTP and realtime alike). */
  rate: number;
  headers: Record<string, string>;
  connectQuery: Record<string, string>;
  room: { organizationId: string; documentId: string };
  mode: NoiseMode;
}

type NoiseMode = 'hammer' | 'polite';

const outcome = {
  hammer: { http: {} as Record<string, number>, sockets: {} as Record<string, number> },
  polite: { http: {} as Record<string, number>, sockets: {} as Record<string, number> },
};
const tally = (record: Record<string, number>, key: string) => {
  record[key] = (record[key] ?? 0) + 1;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const open = new Set<WebSocket>();
let running = true;
let mode: NoiseMode = 'polite';

const writeLoops = 6;
const sockets = 4;
/** How far above its rate the tenant goes in `hammer` mode, on each of HTTP and realtime. */
const overRate = 10;
/** How often an idle loop looks whether the mode changed. */
const idleMs = 50;

/**
 * Milliseconds until the next window of the key's rate (a second of the clock): a polite loop writes
 * once per window, so the polite share fills each window as the hammer does, and the two modes differ
 * only in what is refused.
 */
const nextWindowMs = () => 1000 - (Date.now() % 1000);

async function writes({ url, headers, room, rate }: NoisyClientSettings, loop: number) {
  for (let index = 0; running; index += 1) {
    const current = mode;
    if (current === 'polite' && loop >= rate) {
      await pause(idleMs);
      continue;
    }
    const commentAnnotations = [
      {
        annotationId: `noise-${loop}-${index}`,
        commentData: [{ commentId: 'c', from: { userId: 'noisy' }, commentText: 'Noise.' }],
      },
    ];
    let retryAfterMs = 0;
    try {
      const response = await fetch(`${url}/v2/commentannotations/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ data: { ...room, commentAnnotations } }),
      });
      await response.arrayBuffer();
      tally(outcome[current].http, String(response.status));
      if (response.status === 429) retryAfterMs = 1000 * Number(response.headers.get('retry-after'));
    } catch {
      tally(outcome[current].http, 'error');
    }
    await pause(
      current === 'hammer'
        ? (1000 * writeLoops) / (overRate * rate)
        : Math.max(retryAfterMs, nextWindowMs() + 10 * loop),
    );
  }
}

/** Whether socket `index` sends now: every 10 ms when hammering; politely, one socket under its rate. */
function sends(index: number, lastSentAt: number, rate: number): boolean {
  if (mode === 'hammer') return true;
  return index === 0 && Date.now() - lastSentAt >= 1000 / (rate - 1);
}

async function socket({ url, connectQuery, rate }: NoisyClientSettings, index: number) {
  while (running) {
    if (mode === 'polite' && index > 0) {
      await pause(idleMs);
      continue;
    }
    const current = mode;
    const ws = new WebSocket(`${url.replace('http', 'ws')}/v2/realtime?${new URLSearchParams(connectQuery)}`);
    open.add(ws);
    const ended = await new Promise<string>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      let lastSentAt = 0;
      ws.on('unexpected-response', (_request, response) => {
        response.resume();
        resolve(`refused ${response.statusCode}`);
      });
      ws.on('open', () => {
        timer = setInterval(() => {
          if (ws.readyState !== WebSocket.OPEN) return;
          if (mode === 'polite' && index > 0) ws.close();
          else if (sends(index, lastSentAt, rate)) {
            lastSentAt = Date.now();
            ws.send('Aw==');
          }
        }, 10);
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
    tally(outcome[current].sockets, ended);
    await pause(mode === 'hammer' ? (1000 * sockets) / (overRate * rate) : 1000);
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
process.on('message', async (message: NoisyClientSettings | { mode: NoiseMode } | 'stop') => {
  if (message === 'stop') {
    running = false;
    for (const ws of open) ws.terminate();
    await Promise.all(loops);
    process.send?.(outcome);
  } else if ('url' in message) {
    mode = message.mode;
    loops = [
      ...Array.from({ length: writeLoops }, (_, loop) => writes(message, loop)),
      ...Array.from({ length: sockets }, (_, index) => socket(message, index)),
    ];
  } else {
    mode = message.mode;
  }
});
