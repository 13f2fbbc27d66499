import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';

type Item = Record<string, unknown>;

/** Keys of one page of a user's index entries (gsi8, keys only), with the key to continue from. */
export async function userDataKeys(
  apiKey: string,
  userId: string,
  organizationId: string | undefined,
  limit: number,
  startKey?: Item,
) {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi8',
      KeyConditionExpression:
        organizationId === undefined ? 'gsi8pk = :pk' : 'gsi8pk = :pk AND begins_with(gsi8sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.userDataPartition(apiKey, userId),
        ...(organizationId !== undefined && { ':prefix': keys.userDataOrganizationPrefix(organizationId) }),
      },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { entries: output.Items ?? [], nextKey: output.LastEvaluatedKey };
}

/** The items behind index entries (one BatchGetItem per 100), by `pk + sk`; gone ones are absent. */
export async function userDataItems(entries: readonly Item[]): Promise<Map<string, Item>> {
  const items = await batchGet(entries.map((entry) => ({ pk: entry.pk as string, sk: entry.sk as string })));
  return new Map(items.map((item) => [`${item.pk}\u0000${item.sk}`, item]));
}

/** Deletes items by key (one BatchWriteItem per 25): a user's access items, inbox entries, activities. */
export async function deleteItems(itemKeys: readonly { pk: string; sk: string }[]): Promise<void> {
  await batchWrite(itemKeys.map((key) => ({ delete: key })));
}
