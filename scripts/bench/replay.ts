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
import type { DbCallStats, OtherCallTrace } from '../../shared/db/metrics';
import { type ItemState, type WrittenItem, writtenItems } from './before-images';
import type { OtherCallTarget } from './replay-targets';

/**
 * The honest floor of a route (decisions §39, §44, §66): the calls one of its requests made —
 * DynamoDB, SQS sends and posts to realtime connections — replayed through bare clients (same
 * commands and payloads; calls that were in flight together replayed together, steps one after
 * another; the items it created deleted again first, untimed), plus one bare HTTP POST of the same
 * request and response size to a server that does nothing else.
 */

/** A request's calls as the dev server recorded them (`onDbCalls`). */
export type RecordedCalls = Pick<DbCallStats, 'trace' | 'otherCalls'>;

/** What one measured request needs for its floor: its calls and its body sizes. */
export interface RecordedRequest {
  calls: RecordedCalls;
  requestBytes: number;
  responseBytes: number;
}

/**
 * Where a replay sends each service's calls: DynamoDB through a bare document client on the same
 * DynamoDB Local, the others through their targets (replay-targets.ts). A recorded call whose
 * service has no target cannot be replayed (throws).
 */
export interface ReplayTargets {
  db: DynamoDBDocumentClient;
  sqs?: OtherCallTarget;
  realtime?: OtherCallTarget;
}

type Send = (client: DynamoDBDocumentClient, input: never) => Promise<unknown>;

/** Sends a recorded input with the document-client command of each low-level command name recorded. */
export const documentCommands: Record<string, Send> = {
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

/** How long one replay took, how many calls it sent (DynamoDB and others), and how many were refused. */
export interface ReplayTiming {
  ms: number;
  calls: number;
  /** Of `calls`, those to other services than DynamoDB. */
  otherCalls: number;
  refused: number;
}

/**
 * Untimed, before a replay: puts one item the request wrote back to its before-image when the
 * trace shows one (deletes what the request created, writes back what it read whole before changing
 * it). Returns the item's state as it was, to put back after the replay.
 */
async function restoreBeforeImage(
  client: DynamoDBDocumentClient,
  { TableName, Key, before }: WrittenItem,
): Promise<ItemState> {
  if (!before) {
    const { Item } = await client.send(new GetCommand({ TableName, Key, ConsistentRead: true }));
    return { TableName, Key, ...(Item && { Item }) };
  }
  const { Attributes } = before.Item
    ? await client.send(new PutCommand({ TableName, Item: before.Item, ReturnValues: 'ALL_OLD' }))
    : await client.send(new DeleteCommand({ TableName, Key, ReturnValues: 'ALL_OLD' }));
  return { TableName, Key, ...(Attributes && { Item: Attributes }) };
}

/** Untimed, after a replay: puts the saved items back, so a replay leaves the table as it found it. */
async function putBack(client: DynamoDBDocumentClient, saved: readonly ItemState[]) {
  await Promise.all(
    saved.map(({ TableName, Key, Item }) =>
      Item
        ? client.send(new PutCommand({ TableName, Item }))
        : client.send(new DeleteCommand({ TableName, Key })),
    ),
  );
}

/** Adds a timed send to the step it belongs to. */
function addToStep(
  steps: Map<number, (() => Promise<unknown>)[]>,
  step: number,
  send: () => Promise<unknown>,
) {
  steps.set(step, [...(steps.get(step) ?? []), send]);
}

/**
 * Replays one request's calls: each step's calls at once (the calls the request had in flight
 * together), the steps in order. Before the clock starts, the items the request wrote are put back
 * as they were before it where its trace shows that (before-images.ts), so each replayed write does
 * the work the request's did instead of being refused (decisions §44); other writes replay onto the
 * table as it is now; and the other services' targets prepare what each call needs (a twin queue, an
 * open socket). After the clock stops, every item the request wrote is put back as the replay found
 * it and the targets undo what the calls did, so replays change nothing later requests or replays
 * see (a counter does not grow with each replay, no replayed message reaches a worker).
 */
export async function replayCalls(targets: ReplayTargets, calls: RecordedCalls): Promise<ReplayTiming> {
  const steps = new Map<number, (() => Promise<unknown>)[]>();
  for (const call of calls.trace) {
    const send = documentCommands[call.command];
    if (!send) throw new Error(`cannot replay ${call.command}`);
    addToStep(steps, call.step, () => send(targets.db, structuredClone(call.input) as never));
  }
  const saved = await Promise.all(
    writtenItems(calls.trace).map((item) => restoreBeforeImage(targets.db, item)),
  );
  // One at a time: a target may open a connection per call.
  const cleanUps: (() => Promise<unknown>)[] = [];
  for (const call of calls.otherCalls) {
    const prepared = await targetOf(targets, call).prepare(call);
    addToStep(steps, call.step, prepared.send);
    cleanUps.push(prepared.cleanUp);
  }
  let refused = 0;
  const start = performance.now();
  for (const step of [...steps.keys()].sort((a, b) => a - b)) {
    await Promise.all(
      steps.get(step)!.map((send) =>
        send().catch(() => {
          refused += 1;
        }),
      ),
    );
  }
  const ms = performance.now() - start;
  await putBack(targets.db, saved);
  await Promise.all(cleanUps.map((cleanUp) => cleanUp()));
  const otherCalls = calls.otherCalls.length;
  return { ms, calls: calls.trace.length + otherCalls, otherCalls, refused };
}

function targetOf(targets: ReplayTargets, call: OtherCallTrace): OtherCallTarget {
  const target = targets[call.service];
  if (!target) throw new Error(`cannot replay ${call.service} ${call.command}: no target`);
  return target;
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
