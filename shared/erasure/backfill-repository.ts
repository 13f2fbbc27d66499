import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { applyConditionalUpdates, setIfExists } from '../db/conditional-updates';
import { accessPatterns } from '../db/entities';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';

type Item = Record<string, unknown>;

/** Items read per Query page while backfilling. */
const pageSize = 500;

/** The organization ids of an API key (its gsi1 listing), in id order. */
export async function organizationIdsOf(apiKey: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: accessPatterns.organizationsOfApiKey.index,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.organizationListingPartition(apiKey) },
    ProjectionExpression: 'organizationId',
  });
  return items.map((item) => item.organizationId as string).sort();
}

/** A table partition (optionally a sort-key prefix) or an index partition to read page by page. */
export interface BackfillRange {
  index?: typeof accessPatterns.recipientsOfNotification.index;
  partition: string;
  prefix?: string;
}

/** Calls `visit` with each page (up to 500 items) of a range, in key order, until the range ends. */
export async function forEachPage(range: BackfillRange, visit: (items: Item[]) => Promise<void>) {
  const pkName = range.index ? `${range.index}pk` : 'pk';
  let startKey: Item | undefined;
  do {
    const output = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...(range.index && { IndexName: range.index }),
        KeyConditionExpression:
          range.prefix === undefined ? '#pk = :pk' : '#pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeNames: { '#pk': pkName },
        ExpressionAttributeValues: {
          ':pk': range.partition,
          ...(range.prefix !== undefined && { ':prefix': range.prefix }),
        },
        Limit: pageSize,
        ExclusiveStartKey: startKey,
      }),
    );
    await visit(output.Items ?? []);
    startKey = output.LastEvaluatedKey;
  } while (startKey);
}

const itemId = (item: Item) => `${item.pk}\u0000${item.sk}`;

/**
 * Adds missing attributes to existing items (one TransactWriteItems per 100; an item deleted
 * meanwhile is skipped, never re-created) and puts the index items not stored yet (one
 * BatchGetItem per 100 to tell, one BatchWriteItem per 25). Returns how many index items it put.
 */
export async function writeBackfill(
  updates: readonly { item: Item; fields: Record<string, unknown> }[],
  indexItems: readonly Item[],
): Promise<number> {
  const keyOf = (item: Item) => ({ pk: item.pk as string, sk: item.sk as string });
  const stored = new Set((await batchGet(indexItems.map(keyOf), ['pk', 'sk'])).map(itemId));
  const missing = indexItems.filter((item) => !stored.has(itemId(item)));
  await Promise.all([
    applyConditionalUpdates(updates.map(({ item, fields }) => setIfExists(keyOf(item), fields))),
    batchWrite(missing.map((put) => ({ put }))),
  ]);
  return missing.length;
}
