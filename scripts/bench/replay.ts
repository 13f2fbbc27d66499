import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DbCallTrace } from '../../shared/db/metrics';

/**
 * The honest floor of a route (decisions §39): the DynamoDB calls one of its requests made,
 * replayed through a bare document client (same commands, keys and payloads; calls that shared a
 * round trip replayed together, round trips one after another), plus one bare HTTP POST of the
 * same request and response size to a server that does nothing else.
 */

/** What one measured request needs for its floor: its DynamoDB calls and its body sizes. */
export interface RecordedRequest {
  trace: readonly DbCallTrace[];
  requestBytes: number;
  responseBytes: number;
}

type Send = (client: DynamoDBDocumentClient, input: never) => Promise<unknown>;

/** Sends a recorded input with the document-client command of each low-level command name recorded. */
const documentCommands: Record<string, Send> = {
  GetItem: (client, input) => client.send(new GetCommand(input)),
  PutItem: (client, input) => client.send(new PutCommand(input)),
  UpdateItem: (client, input) => client.send(new UpdateCommand(input)),
  DeleteItem: (client, input) => client.send(new DeleteCommand(input)),
  Query: (client, input) => client.send(new QueryCommand(input)),
  Scan: (client, input) => client.send(new ScanCommand(input)),
  BatchGetItem: (client, input) => client.send(new BatchGetCommand(input)),
  BatchWriteItem: (client, input) => client.send(new BatchWriteCommand(input)),
  TransactGetItems: (client, input) => client.send(new TransactGetCommand(input)),
  TransactWriteItems: (client, input) => client.send(new TransactWriteCommand(input)),
};

/** How long one replay took, and how many of its calls DynamoDB refused (a replayed conditional write). */
export interface ReplayTiming {
  ms: number;
  refused: number;
}

/**
 * Replays one request's calls: each serial round trip's calls at once, the round trips in order.
 * A refused call (a create whose condition now fails) still made its round trip, and is counted.
 */
export async function replayTrace(client: DynamoDBDocumentClient, trace: readonly DbCallTrace[]) {
  const roundTrips = new Map<number, DbCallTrace[]>();
  for (const call of trace) roundTrips.set(call.roundTrip, [...(roundTrips.get(call.roundTrip) ?? []), call]);
  let refused = 0;
  const start = performance.now();
  for (const calls of roundTrips.values()) {
    await Promise.all(
      calls.map((call) => {
        const send = documentCommands[call.command];
        if (!send) throw new Error(`cannot replay ${call.command}`);
        return send(client, structuredClone(call.input) as never).catch(() => {
          refused += 1;
        });
      }),
    );
  }
  return { ms: performance.now() - start, refused } satisfies ReplayTiming;
}

/** A local HTTP server that reads a POST body and answers `x-response-bytes` bytes of JSON: the HTTP floor. */
export interface HttpFloorServer {
  /** One POST of `requestBytes` answered with `responseBytes`, timed like the bench times a route. */
  post(requestBytes: number, responseBytes: number): Promise<number>;
  close(): Promise<void>;
}

export async function startHttpFloorServer(): Promise<HttpFloorServer> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const bytes = Math.max(2, Number(request.headers['x-response-bytes'] ?? 2));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`"${'x'.repeat(bytes - 2)}"`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    async post(requestBytes, responseBytes) {
      const start = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-response-bytes': String(responseBytes) },
        body: 'x'.repeat(requestBytes),
      });
      await response.text();
      return performance.now() - start;
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}
