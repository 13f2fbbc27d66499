import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  headers: IncomingMessage['headers'];
  body: any;
  /** Path and query of the request. */
  url: string;
  /** The body exactly as received (signatures are computed over it). */
  raw: string;
  /** Epoch ms when the request ended. */
  at: number;
}

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** How the next requests are answered. */
  respond: (handler: (request: ReceivedRequest, response: ServerResponse) => void) => void;
  close: () => Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 that records requests (webhooks, the permission provider, the
 * WebSocket management API).
 */
export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  let handler: (request: ReceivedRequest, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(204).end();
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: kept as text.
      }
      const entry = {
        method: request.method ?? 'GET',
        headers: request.headers,
        url: request.url ?? '/',
        body,
        raw: text,
        at: Date.now(),
      };
      received.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    respond: (next) => {
      handler = next;
    },
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
