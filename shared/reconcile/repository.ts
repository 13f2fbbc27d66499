import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../db/batch';
import { db, tableName } from '../db/client';
import { accessPatterns } from '../db/entities';
import { dueIndexBound, dueIndexPartition } from '../db/entities/lifecycle';
import type { ItemKey } from '../db/key-parts';

/**
 * The keys of up to `limit` items of one due-index shard whose due time has passed, oldest first
 * (one Query of a keys-only index).
 */
export async function listDueKeys(shard: number, now: number, limit: number): Promise<ItemKey[]> {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: accessPatterns.dueWork.index,
      KeyConditionExpression: 'gsi7pk = :shard AND gsi7sk <= :now',
      ExpressionAttributeValues: { ':shard': dueIndexPartition(shard), ':now': dueIndexBound(now) },
      Limit: limit,
    }),
  );
  return (output.Items ?? []).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
}

/** The due items themselves (one BatchGetItem per 100). */
export const readDueItems = (keys: readonly ItemKey[]) => batchGet(keys);
