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
import { tableDefinition } from '../../shared/db/table';

/**
 * The honest floor of a route (decisions §39, §44): the DynamoDB calls one of its requests made,
 * replayed through a bare document client (same commands, keys and payloads; calls that shared a
 * round trip replayed together, round trips one after another; the items it created deleted again
 * first, untimed), plus one bare HTTP POST of the same request and response size to a server that
 * does nothing else.
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

/** How long one replay took, how many calls it sent, and how many of them DynamoDB refused. */
export interface ReplayTiming {
  ms: number;
  calls: number;
  refused: number;
}

/** One item of the table, by primary key, as the document client spells it. */
interface ItemKey {
  TableName: string;
  Key: Record<string, unknown>;
}

const { partitionKey, sortKey } = tableDefinition;

/** Whether a write's condition holds only while its item is absent: `attribute_not_exists(pk)`, alone or AND-ed first. */
function requiresAbsence(condition: unknown): boolean {
  if (typeof condition !== 'string') return false;
  const absent = `attribute_not_exists(${partitionKey})`;
  const trimmed = condition.trim();
  return trimmed === absent || trimmed.startsWith(`${absent} AND `);
}

/** The key of a Put, Update or Delete (plain or inside a transaction) whose condition required its item's absence. */
function createdItem(write: Record<string, unknown> | undefined): ItemKey | undefined {
  if (!write || !requiresAbsence(write.ConditionExpression)) return undefined;
  const item = (write.Key ?? write.Item) as Record<string, unknown>;
  return {
    TableName: write.TableName as string,
    Key: { [partitionKey]: item[partitionKey], [sortKey]: item[sortKey] },
  };
}

/**
 * The items a request created: each write whose condition required its item to be absent. The
 * request succeeded, so each was absent before it, which is the state its replay needs back.
 */
export function createdItems(trace: readonly DbCallTrace[]): ItemKey[] {
  const created = new Map<string, ItemKey>();
  const add = (key: ItemKey | undefined) => {
    if (key) created.set(JSON.stringify([key.TableName, key.Key]), key);
  };
  for (const { command, input } of trace) {
    if (command === 'PutItem' || command === 'UpdateItem' || command === 'DeleteItem')
      add(createdItem(input));
    if (command !== 'TransactWriteItems') continue;
    for (const entry of input.TransactItems as Record<string, Record<string, unknown>>[]) {
      add(createdItem(entry.Put ?? entry.Update ?? entry.Delete));
    }
  }
  return [...created.values()];
}

/** Deletes the items a request created (untimed) and returns them as they were, to put back should the replay fail. */
async function rewindCreates(client: DynamoDBDocumentClient, trace: readonly DbCallTrace[]) {
  const deleted = await Promise.all(
    createdItems(trace).map(async (key) => {
      const output = await client.send(new DeleteCommand({ ...key, ReturnValues: 'ALL_OLD' }));
      return output.Attributes && { TableName: key.TableName, Item: output.Attributes };
    }),
  );
  return deleted.filter((item) => item !== undefined);
}

/**
 * Replays one request's calls: each serial round trip's calls at once, the round trips in order.
 * Before the clock starts, the items the request created are deleted again, so each replayed
 * create does the write the request did instead of being refused (decisions §44); if a call is
 * refused anyway, the deleted items that the replay did not write again are put back as they were.
 * Other writes replay onto the table as it is now (an update finds the request's result).
 */
export async function replayTrace(
  client: DynamoDBDocumentClient,
  trace: readonly DbCallTrace[],
): Promise<ReplayTiming> {
  const roundTrips = new Map<number, DbCallTrace[]>();
  for (const call of trace) roundTrips.set(call.roundTrip, [...(roundTrips.get(call.roundTrip) ?? []), call]);
  const rewound = await rewindCreates(client, trace);
  let sent = 0;
  let refused = 0;
  const start = performance.now();
  for (const calls of roundTrips.values()) {
    await Promise.all(
      calls.map((call) => {
        const send = documentCommands[call.command];
        if (!send) throw new Error(`cannot replay ${call.command}`);
        sent += 1;
        return send(client, structuredClone(call.input) as never).catch(() => {
          refused += 1;
        });
      }),
    );
  }
  const ms = performance.now() - start;
  if (refused > 0) {
    await Promise.all(
      rewound.map((item) =>
        client
          .send(new PutCommand({ ...item, ConditionExpression: `attribute_not_exists(${partitionKey})` }))
          .catch(() => undefined),
      ),
    );
  }
  return { ms, calls: sent, refused };
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
