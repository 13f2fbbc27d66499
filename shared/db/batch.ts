import {
  BatchGetCommand,
  BatchWriteCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import type { ItemKey } from './key-parts';
import { cancellationReasons } from './transactions';

type Item = Record<string, unknown>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's per-request limits. */
const batchGetLimit = 100;
const batchWriteLimit = 25;
export const transactionLimit = 100;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/** Unprocessed items are retried with a short, growing pause (throttling on the table). */
const pause = (attempt: number) => new Promise((done) => setTimeout(done, Math.min(1000, 25 * 2 ** attempt)));

/**
 * Reads items by key: one BatchGetItem per 100 keys (chunks run in parallel), retrying unprocessed
 * keys. Keys are deduplicated; missing items are simply absent from the result. `consistent` asks
 * for strongly consistent reads (twice the read units), for state a write may just have changed.
 */
export async function batchGet(
  keys: readonly ItemKey[],
  projection?: string[],
  consistent = false,
): Promise<Item[]> {
  const unique = [...new Map(keys.map((key) => [`${key.pk}\u0000${key.sk}`, key])).values()];
  const projectionParams = projection && {
    ProjectionExpression: projection.map((_, index) => `#p${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(projection.map((name, index) => [`#p${index}`, name])),
  };
  const pages = await Promise.all(
    chunks(unique, batchGetLimit).map(async (chunk) => {
      const found: Item[] = [];
      let requested: Item[] = chunk;
      for (let attempt = 0; requested.length > 0; attempt += 1) {
        if (attempt > 0) await pause(attempt);
        const output = await db().send(
          new BatchGetCommand({
            RequestItems: {
              [tableName()]: {
                Keys: requested,
                ...projectionParams,
                ...(consistent && { ConsistentRead: true }),
              },
            },
          }),
        );
        found.push(...(output.Responses?.[tableName()] ?? []));
        requested = output.UnprocessedKeys?.[tableName()]?.Keys ?? [];
      }
      return found;
    }),
  );
  return pages.flat();
}

/** One request of a `batchWrite`: an unconditional put of an item or delete of a key. */
export type WriteRequest = { put?: Item; delete?: ItemKey };

/** Puts and deletes without conditions: one BatchWriteItem per 25 requests, retrying unprocessed ones. */
export async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (const chunk of chunks(requests, batchWriteLimit)) {
    let pending: Item[] = chunk.map((request) =>
      request.put ? { PutRequest: { Item: request.put } } : { DeleteRequest: { Key: request.delete } },
    );
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await pause(attempt);
      const output = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = output.UnprocessedItems?.[tableName()] ?? [];
    }
  }
}

/**
 * Writes items in transactions of up to 100: atomic within each transaction, in order across them.
 * Callers that need one atomic write keep the list within `transactionLimit`.
 */
export async function transactWrite(items: readonly TransactItem[]): Promise<void> {
  for (const chunk of chunks(items, transactionLimit)) {
    await db().send(new TransactWriteCommand({ TransactItems: chunk }));
  }
}

/**
 * Writes one transaction (at most `transactionLimit` items) whose first item carries the condition
 * that matters; false, writing nothing, when that condition failed.
 */
export async function transactIfFirstHolds(items: readonly TransactItem[]): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [...items] }));
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** Adds the table name to transaction items written without it. */
export function inTable<T extends object>(operation: T): T & { TableName: string } {
  return { ...operation, TableName: tableName() };
}

/**
 * `SET` assignments for arbitrary attributes: placeholders for every name and value, so callers
 * never splice attribute names into expressions. `prefix` keeps placeholders apart from others.
 */
export function setAssignments(fields: Record<string, unknown>, prefix = 'f') {
  const names = Object.keys(fields);
  return {
    assignments: names.map((_, index) => `#${prefix}${index} = :${prefix}${index}`).join(', '),
    names: Object.fromEntries(names.map((name, index) => [`#${prefix}${index}`, name])),
    values: Object.fromEntries(names.map((name, index) => [`:${prefix}${index}`, fields[name]])),
  };
}
