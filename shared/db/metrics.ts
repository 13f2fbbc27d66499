import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** DynamoDB round trips and consumed capacity of one measured scope (a request, a test step). */
export interface DbCallStats {
  calls: number;
  capacityUnits: number;
  /** The part of `capacityUnits` consumed by writes (Put, Update, Delete, BatchWrite, TransactWrite). */
  writeCapacityUnits: number;
  commands: string[];
}

const scope = new AsyncLocalStorage<DbCallStats>();

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
  const stats: DbCallStats = { calls: 0, capacityUnits: 0, writeCapacityUnits: 0, commands: [] };
  const result = await scope.run(stats, work);
  return { result, stats };
}

/**
 * Adds the call-counting middleware to a client. It runs once per logical call (before retries),
 * and asks DynamoDB for consumed capacity only inside a measured scope.
 */
export function instrumentDbClient(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const stats = scope.getStore();
      const commandName = context.commandName ?? 'unknown';
      if (!stats) return next(args);
      const input = args.input as Record<string, unknown>;
      if (capacityReportingCommands.has(commandName) && input.ReturnConsumedCapacity === undefined) {
        input.ReturnConsumedCapacity = 'TOTAL';
      }
      stats.calls += 1;
      stats.commands.push(commandName.replace(/Command$/, ''));
      const output = await next(args);
      const body = output.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] };
      const consumed = sumCapacity(body.ConsumedCapacity);
      stats.capacityUnits += consumed;
      if (writeCommands.has(commandName)) stats.writeCapacityUnits += consumed;
      return output;
    },
    { step: 'initialize', name: 'dbCallCounter', override: true },
  );
}
