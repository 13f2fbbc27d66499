import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** One DynamoDB call of a measured scope, as the bench replays it (decisions §39). */
export interface DbCallTrace {
  /** The low-level command name without `Command`, e.g. `GetItem`. */
  command: string;
  /** The input as the caller passed it (document-client shape when sent through the document client). */
  input: Record<string, unknown>;
  /** 1-based serial round trip the call belongs to: calls of one round trip were in flight together. */
  roundTrip: number;
  /**
   * The answer as the caller received it, once it answered (not copied: a reference). The bench
   * restores from it the items a request read before it wrote them (decisions §44).
   */
  output?: unknown;
}

/** DynamoDB round trips and consumed capacity of one measured scope (a request, a test step). */
export interface DbCallStats {
  calls: number;
  capacityUnits: number;
  /** The part of `capacityUnits` consumed by writes (Put, Update, Delete, BatchWrite, TransactWrite). */
  writeCapacityUnits: number;
  commands: string[];
  /**
   * Round trips on the critical path: a call starts a new one when an earlier call of the current
   * round trip has already answered (it could have waited for that answer); calls started while
   * every call of the current round trip is still in flight share it.
   */
  serialRoundTrips: number;
  trace: DbCallTrace[];
}

const scope = new AsyncLocalStorage<Scope>();

/** Commands that accept `ReturnConsumedCapacity`. */
const capacityReportingCommands = new Set([
  'GetItemCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'BatchWriteItemCommand',
  'TransactGetItemsCommand',
  'TransactWriteItemsCommand',
]);

/** Commands that consume write capacity. */
const writeCommands = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

type ConsumedCapacity = { CapacityUnits?: number };

function sumCapacity(consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): number {
  if (!consumed) return 0;
  const entries = Array.isArray(consumed) ? consumed : [consumed];
  return entries.reduce((total, entry) => total + (entry.CapacityUnits ?? 0), 0);
}

/**
 * Runs `work` and reports every DynamoDB call it made (through clients instrumented with
 * `instrumentDbClient`), with consumed capacity. Used by the envelope (debug headers), tests and bench.
 */
export async function measureDbCalls<T>(work: () => Promise<T>): Promise<{ result: T; stats: DbCallStats }> {
  const stats: DbCallStats = {
    calls: 0,
    capacityUnits: 0,
    writeCapacityUnits: 0,
    commands: [],
    serialRoundTrips: 0,
    trace: [],
  };
  const result = await scope.run({ stats, roundTripAnswered: false }, work);
  return { result, stats };
}

/** A measured scope and whether a call of its current round trip has answered yet. */
interface Scope {
  stats: DbCallStats;
  roundTripAnswered: boolean;
}

/** Counts the call into its serial round trip (see `DbCallStats.serialRoundTrips`); returns that round trip. */
function joinRoundTrip(current: Scope): number {
  if (current.stats.serialRoundTrips === 0 || current.roundTripAnswered) {
    current.stats.serialRoundTrips += 1;
    current.roundTripAnswered = false;
  }
  return current.stats.serialRoundTrips;
}

/**
 * Adds the call-counting middleware to a client. It runs once per logical call (before retries),
 * and asks DynamoDB for consumed capacity only inside a measured scope.
 */
export function instrumentDbClient(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const current = scope.getStore();
      const commandName = context.commandName ?? 'unknown';
      if (!current) return next(args);
      const { stats } = current;
      const input = args.input as Record<string, unknown>;
      if (capacityReportingCommands.has(commandName) && input.ReturnConsumedCapacity === undefined) {
        input.ReturnConsumedCapacity = 'TOTAL';
      }
      const command = commandName.replace(/Command$/, '');
      const roundTrip = joinRoundTrip(current);
      stats.calls += 1;
      stats.commands.push(command);
      const call: DbCallTrace = { command, input, roundTrip };
      stats.trace.push(call);
      const output = await next(args).finally(() => {
        if (roundTrip === stats.serialRoundTrips) current.roundTripAnswered = true;
      });
      call.output = output.output;
      const body = output.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] };
      const consumed = sumCapacity(body.ConsumedCapacity);
      stats.capacityUnits += consumed;
      if (writeCommands.has(commandName)) stats.writeCapacityUnits += consumed;
      return output;
    },
    { step: 'initialize', name: 'dbCallCounter', override: true },
  );
}
