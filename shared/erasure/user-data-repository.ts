import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { activityOfCurrentIncarnation } from '../activities/repository';
import { batchGet, batchWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { applyConditionalUpdates, setIfExists } from '../db/conditional-updates';
import { accessPatterns, entities } from '../db/entities';
import { keys } from '../db/keys';
import { judgmentOfCurrentIncarnation } from '../memory/repository';
import { notificationOfCurrentIncarnation } from '../notifications/repository';

type Item = Record<string, unknown>;

/** An item's identity in the maps below: its `pk + sk`. */
export const itemId = (item: Item) => `${item.pk}\u0000${item.sk}`;

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
      IndexName: accessPatterns.userData.index,
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

/**
 * Whether an index entry is of its organization's current incarnation (shared/db/incarnations.ts):
 * a re-created organization's old entries stay in the user's index until its erasure removes them.
 */
export const ofCurrentIncarnation = (entry: Item, organizationId: string) =>
  String(entry.gsi8sk).startsWith(keys.userDataOrganizationPrefix(organizationId));

/**
 * Whether a listed item is of the current incarnation of its document (shared/db/incarnations.ts):
 * the key that names its document (a timeline, or the comment or CRDT partition) is the one the key
 * builders give now. A re-created document's old records stay in the user's index until its
 * erasure removes them (decisions §46). Inbox and access entries have no such key (`hidden` in
 * ./user-data.ts covers them).
 */
export function ofCurrentDocumentIncarnation(apiKey: string, item: Item): boolean {
  const organizationId = item.organizationId as string;
  const documentId = item.documentId as string;
  switch (item.entity) {
    case entities.activity.name:
      return activityOfCurrentIncarnation(apiKey, item);
    case entities.judgment.name:
      return judgmentOfCurrentIncarnation(apiKey, item);
    case entities.notification.name:
      return notificationOfCurrentIncarnation(apiKey, item);
    case entities.comment.name:
    case entities.commentReaction.name:
      return item.pk === keys.commentsPartition(apiKey, organizationId, documentId);
    case entities.crdtEditor.name:
    case entities.crdtVersion.name:
      return item.pk === keys.crdtPartition(apiKey, organizationId, documentId);
    default:
      return true;
  }
}

/** The items behind index entries (one BatchGetItem per 100), by `pk + sk`; gone ones are absent. */
export async function userDataItems(entries: readonly Item[]): Promise<Map<string, Item>> {
  const items = await batchGet(entries.map((entry) => ({ pk: entry.pk as string, sk: entry.sk as string })));
  return new Map(items.map((item) => [itemId(item), item]));
}

/** The item an index item stands for: a group membership's group, a reaction's comment. */
function markedKey(apiKey: string, item: Item): { pk: string; sk: string } | undefined {
  const organizationId = item.organizationId as string;
  if (item.entity === entities.groupMembership.name)
    return keys.userGroup(apiKey, organizationId, item.groupId as string);
  if (item.entity === entities.commentReaction.name) {
    const thread = {
      organizationId,
      documentId: item.documentId as string,
      annotationId: item.annotationId as string,
    };
    return keys.comment(apiKey, thread, item.commentId as string);
  }
  return undefined;
}

/**
 * The groups and comments that a page's group-membership and reaction index items stand for (one
 * BatchGetItem, none without such items), by the index item's `pk + sk`: the set or map there is
 * the truth, so an index item left behind (its comment deleted) is recognised as stale.
 */
export async function markedItems(apiKey: string, items: readonly Item[]): Promise<Map<string, Item>> {
  const marked = items.flatMap((item) => {
    const key = markedKey(apiKey, item);
    return key ? [{ item, key }] : [];
  });
  if (marked.length === 0) return new Map();
  const unique = [...new Map(marked.map(({ key }) => [itemId(key), key])).values()];
  const found = new Map((await batchGet(unique)).map((item) => [itemId(item), item]));
  return new Map(
    marked.flatMap(({ item, key }) => {
      const target = found.get(itemId(key));
      return target ? [[itemId(item), target] as const] : [];
    }),
  );
}

/** Deletes items by key (one BatchWriteItem per 25): a user's access items, inbox entries, activities. */
export async function deleteItems(itemKeys: readonly { pk: string; sk: string }[]): Promise<void> {
  await batchWrite(itemKeys.map((key) => ({ delete: key })));
}

/**
 * Takes items that stay (notifications the user triggered) off the user's index, rewriting the
 * given fields (their profile copies stubbed) in the same update: one TransactWriteItems per 100.
 */
export async function unlistItems(rewrites: readonly { item: Item; fields: Record<string, unknown> }[]) {
  await applyConditionalUpdates(
    rewrites.map(({ item, fields }) =>
      setIfExists({ pk: item.pk as string, sk: item.sk as string }, fields, ['gsi8pk', 'gsi8sk']),
    ),
  );
}
