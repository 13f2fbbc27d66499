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
  /** 1-based serial step among all the scope's calls, DynamoDB and others (`OtherCallTrace`), by the same rule. */
  step: number;
  /**
   * The answer as the caller received it, once it answered (not copied: a reference). The bench
   * restores from it the items a request read before it wrote them (decisions §44).
   */
  output?: unknown;
}

/**
 * A call of a measured scope to a service other than DynamoDB that the bench's floor replays too (an
 * SQS send, a post to or close of a realtime connection), recorded by whoever makes it through
 * `traceOtherCall`.
 */
export interface OtherCallTrace {
  service: 'sqs' | 'realtime';
  /** The operation, as the service's API names it, e.g. `SendMessage`, `PostToConnection`. */
  command: string;
  input: Record<string, unknown>;
  /** As `DbCallTrace.step`: calls of one step were in flight together. */
  step: number;
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
  /** The scope's calls to other services (none unless their callers trace them: the local stack does). */
  otherCalls: OtherCallTrace[];
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
    otherCalls: [],
  };
  const result = await scope.run({ stats, roundTrips: newSequence(), steps: newSequence() }, work);
  return { result, stats };
}

/**
 * Serial positions of a scope's calls: a call starts a new position when a call of the current one
 * has already answered (it could have waited for that answer); calls started while every call of
 * the current position is still in flight share it.
 */
interface Sequence {
  count: number;
  answered: boolean;
}

const newSequence = (): Sequence => ({ count: 0, answered: false });

/** Counts a call into its position of the sequence; returns that position. */
function join(sequence: Sequence): number {
  if (sequence.count === 0 || sequence.answered) {
    sequence.count += 1;
    sequence.answered = false;
  }
  return sequence.count;
}

/** Notes that a call at `position` answered: the next call starts a new position if it is the current one. */
function answer(sequence: Sequence, position: number): void {
  if (position === sequence.count) sequence.answered = true;
}

/**
 * A measured scope: its DynamoDB round trips (`DbCallStats.serialRoundTrips`), and its steps, which
 * count every traced call (DynamoDB and others) the same way.
 */
interface Scope {
  stats: DbCallStats;
  roundTrips: Sequence;
  steps: Sequence;
}

/**
 * Runs `send`, a call to a service other than DynamoDB, and records it in the measured scope it runs
 * in (if any) with its place among the scope's calls, so the bench can replay it with them.
 */
export async function traceOtherCall<T>(
  call: Omit<OtherCallTrace, 'step'>,
  send: () => Promise<T>,
): Promise<T> {
  const current = scope.getStore();
  if (!current) return send();
  const step = join(current.steps);
  current.stats.otherCalls.push({ ...call, step });
  return send().finally(() => answer(current.steps, step));
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
      const roundTrip = join(current.roundTrips);
      stats.serialRoundTrips = current.roundTrips.count;
      const step = join(current.steps);
      stats.calls += 1;
      stats.commands.push(command);
      const call: DbCallTrace = { command, input, roundTrip, step };
      stats.trace.push(call);
      const output = await next(args).finally(() => {
        answer(current.roundTrips, roundTrip);
        answer(current.steps, step);
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
