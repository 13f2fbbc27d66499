import { performance } from 'node:perf_hooks';
import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DynamoDBDocumentClient,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DbCallTrace } from '../../shared/db/metrics';
import { tableDefinition } from '../../shared/db/table';
import { ensureTable } from '../local/dynamodb';
import { documentCommands } from './replay';

/**
 * The ceiling DynamoDB Local puts on the webhook pipeline in a run (decisions §66): how many of the
 * pipeline's own calls per second it serves when nothing else runs, measured right after the
 * scenario on the same machine, by a saturating replay of a sample of the calls the scenario made.
 *
 * - *The same call mix.* Every `step`-th recorded call (the scenario's mix of commands, keys, item
 *   sizes and batch sizes), in a shuffled order, sent again through a bare document client,
 *   `concurrency` at a time, for a few seconds per level.
 * - *Accepted writes, like the pipeline's.* Replayed onto the table as the scenario left it, the
 *   pipeline's conditional writes (claims, attempt records, the fan-out's creates) would be refused,
 *   which is other work. So writes go to a probe table of the same definition (without a stream),
 *   seeded (untimed) with the written items as they are now, and each write's condition is replaced
 *   by one that holds (`attribute_not_exists` of an attribute no item has): DynamoDB still reads the
 *   item and evaluates a condition, then writes. Reads replay as recorded on the service table.
 */

type Attributes = Record<string, unknown>;

/** How the probe ran and what it measured. */
export interface CeilingProbe {
  /** Calls in the sample (each level sends a prefix of them, or all). */
  calls: number;
  /** Calls DynamoDB Local refused or failed (none expected). */
  failed: number;
  /** In-flight calls at each level tried, and the calls per second measured at each. */
  levels: { concurrency: number; callsPerSecond: number }[];
  /** The best level's calls per second: the ceiling's numerator. */
  callsPerSecond: number;
}

const writeCommands = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
]);

/** A condition every item meets (no item has this attribute), evaluated like the one it replaces. */
const alwaysHolds = {
  expression: 'attribute_not_exists(#probeNever)',
  name: { '#probeNever': 'probeNever' },
};

/** The placeholders (`#name`, `:value`) the write's expressions still use. */
function usedPlaceholders(write: Attributes): Set<string> {
  const expressions = ['UpdateExpression', 'ConditionExpression', 'ProjectionExpression']
    .map((field) => write[field])
    .filter((value): value is string => typeof value === 'string');
  return new Set(expressions.flatMap((expression) => expression.match(/[#:][A-Za-z0-9_]+/g) ?? []));
}

/** Keeps only the placeholders used; drops an emptied map (DynamoDB refuses unused and empty ones). */
function prune(write: Attributes, field: 'ExpressionAttributeNames' | 'ExpressionAttributeValues') {
  const map = write[field] as Attributes | undefined;
  if (!map) return;
  const used = usedPlaceholders(write);
  const kept = Object.entries(map).filter(([placeholder]) => used.has(placeholder));
  if (kept.length === 0) delete write[field];
  else write[field] = Object.fromEntries(kept);
}

/** One write (Put, Update, Delete, ConditionCheck) aimed at the probe table under a condition that holds. */
function probeWrite(write: Attributes, probeTable: string): Attributes {
  const replayed: Attributes = { ...write, TableName: probeTable };
  if (write.ConditionExpression !== undefined) {
    replayed.ConditionExpression = alwaysHolds.expression;
    replayed.ExpressionAttributeNames = {
      ...(replayed.ExpressionAttributeNames as Attributes),
      ...alwaysHolds.name,
    };
  }
  prune(replayed, 'ExpressionAttributeNames');
  prune(replayed, 'ExpressionAttributeValues');
  return replayed;
}

/** The call's input as the probe sends it, and the keys of the items it writes (to seed). */
function probeCall(call: DbCallTrace, probeTable: string): { input: Attributes; writes: Attributes[] } {
  const input = structuredClone(call.input) as Attributes;
  if (!writeCommands.has(call.command)) return { input, writes: [] };
  const keyOf = (write: Attributes) => {
    const item = (write.Key ?? write.Item) as Attributes;
    return {
      [tableDefinition.partitionKey]: item[tableDefinition.partitionKey],
      [tableDefinition.sortKey]: item[tableDefinition.sortKey],
    };
  };
  if (call.command === 'TransactWriteItems') {
    const entries = (input.TransactItems as Record<string, Attributes>[]).map((entry) =>
      Object.fromEntries(Object.entries(entry).map(([kind, write]) => [kind, probeWrite(write, probeTable)])),
    );
    return {
      input: { ...input, TransactItems: entries },
      writes: entries.flatMap((entry) => Object.values(entry).map(keyOf)),
    };
  }
  if (call.command === 'BatchWriteItem') {
    const requests = Object.values(input.RequestItems as Record<string, Attributes[]>).flat();
    const writes = requests.map((request) =>
      keyOf((request.PutRequest ?? request.DeleteRequest) as Attributes),
    );
    return { input: { ...input, RequestItems: { [probeTable]: requests } }, writes };
  }
  return { input: probeWrite(input, probeTable), writes: [keyOf(input)] };
}

/** Copies the items at `keys` from the service table to the probe table (absent ones stay absent). */
async function seed(client: DynamoDBDocumentClient, from: string, to: string, keys: Attributes[]) {
  const unique = [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
  for (let start = 0; start < unique.length; start += 100) {
    let pending: Attributes[] | undefined = unique.slice(start, start + 100);
    while (pending && pending.length > 0) {
      const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await client.send(
        new BatchGetCommand({ RequestItems: { [from]: { Keys: pending } } }),
      );
      await Promise.all(
        (Responses?.[from] ?? []).map((Item) => client.send(new PutCommand({ TableName: to, Item }))),
      );
      pending = UnprocessedKeys?.[from]?.Keys;
    }
  }
}

/**
 * Sends the calls in order, `concurrency` at a time, until all are sent or `seconds` have passed
 * (no call starts after that); resolves to the calls answered per second and the failures.
 */
async function sendFor(
  client: DynamoDBDocumentClient,
  calls: readonly { command: string; input: Attributes }[],
  concurrency: number,
  seconds: number,
) {
  let next = 0;
  let answered = 0;
  let failed = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const lane = async () => {
    while (next < calls.length && performance.now() < deadline) {
      const { command, input } = calls[next++]!;
      await documentCommands[command]!(client, structuredClone(input) as never).catch(() => {
        failed += 1;
      });
      answered += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { callsPerSecond: answered / ((performance.now() - start) / 1000), failed };
}

/** The same calls in a fixed pseudo-random order, so that any prefix of them keeps the sample's mix. */
function shuffled<T>(values: readonly T[]): T[] {
  const order = values.map((value, index) => ({ value, rank: (index * 2654435761) % 4294967296 }));
  return order.sort((a, b) => a.rank - b.rank).map(({ value }) => value);
}

/**
 * Measures DynamoDB Local's calls per second on a sample of `recorded` (at most `sampleSize`, evenly
 * spaced, then shuffled), at each of `concurrencies` in flight for at most `seconds` each, in a
 * probe table created and seeded before the first clock starts and deleted after the last.
 */
export async function probeDynamoCeiling(
  lowLevel: DynamoDBClient,
  tableName: string,
  recorded: readonly DbCallTrace[],
  options: { sampleSize: number; concurrencies: readonly number[]; seconds: number },
): Promise<CeilingProbe> {
  const client = DynamoDBDocumentClient.from(lowLevel, { marshallOptions: { removeUndefinedValues: true } });
  const probeTable = `${tableName}-ceiling-probe`;
  const step = Math.max(1, Math.ceil(recorded.length / options.sampleSize));
  const sample = shuffled(recorded.filter((_call, index) => index % step === 0));
  const probes = sample.map((call) => ({ command: call.command, ...probeCall(call, probeTable) }));
  // No stream: on a table with one, DynamoDB Local looks through every stream record of its
  // database on every call (TableOptions), so after the scenario's writes the probe measured that
  // scan (4–10 calls a second) and not the calls. Without it, the ceiling is if anything higher.
  await ensureTable(lowLevel, probeTable, { stream: false });
  try {
    await seed(
      client,
      tableName,
      probeTable,
      probes.flatMap((probe) => probe.writes),
    );
    const levels: CeilingProbe['levels'] = [];
    let failed = 0;
    for (const concurrency of options.concurrencies) {
      const run = await sendFor(client, probes, concurrency, options.seconds);
      failed += run.failed;
      levels.push({ concurrency, callsPerSecond: run.callsPerSecond });
    }
    return {
      calls: probes.length,
      failed,
      levels,
      callsPerSecond: Math.max(...levels.map((level) => level.callsPerSecond)),
    };
  } finally {
    await lowLevel.send(new DeleteTableCommand({ TableName: probeTable }));
  }
}
