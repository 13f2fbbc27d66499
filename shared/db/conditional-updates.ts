import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { setAssignments, transactionLimit, transactWrite } from './batch';
import { db, tableName } from './client';
import type { ItemKey } from './key-parts';
import { mapInParallel } from './parallel';
import { cancellationReasons } from './transactions';

/** A conditional update without its table name (added here). */
export type ConditionalUpdate = Omit<UpdateCommandInput, 'TableName'> & {
  UpdateExpression: string;
  ConditionExpression: string;
};

/**
 * An update that sets top-level attributes (and removes others) of an item only while it exists,
 * so a rewrite never resurrects a deleted item as a fragment.
 */
export function setIfExists(
  key: ItemKey,
  fields: Record<string, unknown>,
  remove: readonly string[] = [],
): ConditionalUpdate {
  const set = setAssignments(fields);
  const removed = Object.fromEntries(remove.map((name, index) => [`#r${index}`, name]));
  return {
    Key: key,
    UpdateExpression: [
      ...(set.assignments ? [`SET ${set.assignments}`] : []),
      ...(remove.length > 0 ? [`REMOVE ${Object.keys(removed).join(', ')}`] : []),
    ].join(' '),
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { ...set.names, ...removed },
    ...(set.assignments && { ExpressionAttributeValues: set.values }),
  };
}

/** Single UpdateItems in flight at once when a transaction had to be split. */
const fallbackConcurrency = 25;

/** One conditional UpdateItem; false when its condition failed. */
export async function updateIf(update: ConditionalUpdate): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({ ...update, TableName: tableName() }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Applies many independent conditional updates with few round trips: one TransactWriteItems per
 * 100, which succeeds whole in the common case. When a transaction is cancelled — an item's
 * condition failed (already changed, deleted) or it conflicted with another write — its updates
 * are applied one UpdateItem each instead, so one item never holds back the others. Returns how
 * many were applied; an update whose condition fails is skipped. Transactional writes cost twice
 * the write capacity of single ones: the price of 100× fewer calls (docs/decisions.md).
 */
export async function applyConditionalUpdates(updates: readonly ConditionalUpdate[]): Promise<number> {
  let applied = 0;
  for (let start = 0; start < updates.length; start += transactionLimit) {
    const chunk = updates.slice(start, start + transactionLimit);
    try {
      await transactWrite(chunk.map((update) => ({ Update: { ...update, TableName: tableName() } })));
      applied += chunk.length;
    } catch (error) {
      if (!cancellationReasons(error)) throw error;
      const outcomes = await mapInParallel(chunk, fallbackConcurrency, updateIf);
      applied += outcomes.filter(Boolean).length;
    }
  }
  return applied;
}
