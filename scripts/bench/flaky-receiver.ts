import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the receiver saw of one (webhook-id, endpoint) pair. */
export interface PairRecord {
  attempts: number;
  successes: number;
  /** Epoch ms of the first 2xx answer. */
  firstSuccessAt?: number;
}

/** Totals over every request the receiver answered. */
export interface ReceiverCounts {
  requests: number;
  /** Requests answered 500 by the injected failure rate. */
  failuresInjected: number;
  /** Requests answered 2xx (duplicates included). */
  successes: number;
  /** Pairs with at least one 2xx. */
  deliveredPairs: number;
  /** Requests without a `webhook-id` header (never expected). */
  unidentified: number;
}

export interface FlakyReceiver {
  /** Base URL (ends with `/`); an endpoint is told apart by the path after it. */
  url: string;
  /** By `<path> <webhook-id>`. */
  pairs: ReadonlyMap<string, PairRecord>;
  counts(): ReceiverCounts;
  /** Epoch ms of the latest first success of any pair. */
  lastFirstSuccessAt(): number | undefined;
  close(): Promise<void>;
}

/** The key of a pair as the receiver files it. */
export const pairKey = (path: string, webhookId: string) => `${path} ${webhookId}`;

/**
 * A webhook receiver on 127.0.0.1 that answers 500 to a random `failureRate` of requests and 204
 * to the rest, and keeps per (path, `webhook-id`) pair the number of attempts and successes and the
 * time of the first success (taken when the body has arrived, before answering). It keeps counts,
 * not bodies, so tens of thousands of requests cost little memory.
 */
export async function startFlakyReceiver(failureRate: number, random = Math.random): Promise<FlakyReceiver> {
  const pairs = new Map<string, PairRecord>();
  const counts: ReceiverCounts = {
    requests: 0,
    failuresInjected: 0,
    successes: 0,
    deliveredPairs: 0,
    unidentified: 0,
  };
  let lastFirstSuccess: number | undefined;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const at = Date.now();
      counts.requests += 1;
      const webhookId = request.headers['webhook-id'];
      if (typeof webhookId !== 'string') {
        counts.unidentified += 1;
        response.writeHead(400).end();
        return;
      }
      const key = pairKey(request.url ?? '/', webhookId);
      let pair = pairs.get(key);
      if (!pair) {
        pair = { attempts: 0, successes: 0 };
        pairs.set(key, pair);
      }
      pair.attempts += 1;
      if (random() < failureRate) {
        counts.failuresInjected += 1;
        response.writeHead(500, { 'content-type': 'text/plain' }).end('injected failure');
        return;
      }
      counts.successes += 1;
      pair.successes += 1;
      if (pair.firstSuccessAt === undefined) {
        pair.firstSuccessAt = at;
        lastFirstSuccess = at;
        counts.deliveredPairs += 1;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    pairs,
    counts: () => ({ ...counts }),
    lastFirstSuccessAt: () => lastFirstSuccess,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
