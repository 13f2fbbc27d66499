import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite, setAssignments } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { type EraseScope, erasePage } from '../db/erase';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';
import type { DocumentMove, MovedPage } from '../plugins/mover';
import { type StoredPreference, storedPreference } from './preference-schemas';

type Item = Record<string, unknown>;

/** One scope of a user's preferences: the organization's (no `documentId`) or one document's. */
export interface PreferenceScope {
  organizationId: string;
  documentId?: string | undefined;
  userId: string;
}

/** The preferences stored for users in one organization: the organization's and one document's, by user. */
export interface ScopePreferences {
  organization: Map<string, StoredPreference>;
  document: Map<string, StoredPreference>;
}

const byUser = (items: readonly Item[]) =>
  new Map(
    items.map((item) => {
      const preference = storedPreference.parse(item);
      return [preference.userId, preference] as const;
    }),
  );

const documentsOf = (items: readonly Item[]) =>
  new Map(
    items
      .filter((item) => typeof item.documentId === 'string')
      .map((item) => [item.documentId as string, storedPreference.parse(item)] as const),
  );

/**
 * A user's stored preferences for the organization and the given documents (one BatchGetItem per
 * 100 keys, in parallel); scopes never written are absent.
 */
export async function findUserPreferences(
  apiKey: string,
  organizationId: string,
  userId: string,
  documentIds: readonly string[],
) {
  const items = await batchGet([
    keys.notificationPreference(apiKey, { organizationId, userId }),
    ...documentIds.map((documentId) =>
      keys.notificationPreference(apiKey, { organizationId, documentId, userId }),
    ),
  ]);
  const organization = items.find((item) => item.documentId === undefined);
  return {
    organization: organization && storedPreference.parse(organization),
    documents: documentsOf(items),
  };
}

/**
 * Every user's stored preferences for the organization and for one document: two Queries side by
 * side (one more request per MB of either), for a notification whose recipients are not known yet
 * (every member).
 */
export async function preferencesOfScope(
  apiKey: string,
  organizationId: string,
  documentId: string,
): Promise<ScopePreferences> {
  const query = (prefix: string) =>
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.notificationPreferencePartition(apiKey, organizationId),
        ':prefix': prefix,
      },
    });
  const [organization, document] = await Promise.all([
    query(keys.notificationPreferencePrefix(organizationId)),
    query(keys.notificationPreferencePrefix(organizationId, documentId)),
  ]);
  return { organization: byUser(organization), document: byUser(document) };
}

/**
 * Given users' stored preferences for the organization and one document (if any): one
 * BatchGetItem per 100 keys (two keys a user), the chunks in parallel.
 */
export async function preferencesOfUsers(
  apiKey: string,
  organizationId: string,
  documentId: string | undefined,
  userIds: readonly string[],
): Promise<ScopePreferences> {
  const items = await batchGet(
    userIds.flatMap((userId) => [
      keys.notificationPreference(apiKey, { organizationId, userId }),
      ...(documentId === undefined
        ? []
        : [keys.notificationPreference(apiKey, { organizationId, documentId, userId })]),
    ]),
  );
  return {
    organization: byUser(items.filter((item) => item.documentId === undefined)),
    document: byUser(items.filter((item) => item.documentId !== undefined)),
  };
}

/**
 * Sets the values sent on one scope's preference item, keeping the other (one UpdateItem), and
 * answers the item as stored after the write. The item is listed among the user's data (gsi8), so
 * erasing the user deletes it.
 */
export async function writePreference(
  apiKey: string,
  scope: PreferenceScope,
  config: { inbox?: string | undefined; email?: string | undefined },
  now: number,
): Promise<StoredPreference> {
  const values = Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
  const set = setAssignments({
    ...values,
    entity: entities.notificationPreference.name,
    organizationId: scope.organizationId,
    ...(scope.documentId !== undefined && { documentId: scope.documentId }),
    userId: scope.userId,
    ...keys.userDataListing(
      apiKey,
      scope.userId,
      scope.organizationId,
      'notificationconfig',
      ...(scope.documentId !== undefined ? [scope.documentId] : []),
    ),
    updatedAt: now,
  });
  const output = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.notificationPreference(apiKey, scope),
      UpdateExpression: `SET ${set.assignments}, createdAt = if_not_exists(createdAt, :createdAt)`,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: { ...set.values, ':createdAt': now },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return storedPreference.parse(output.Attributes);
}

/** Whether any user stored preferences for a document (one Query, `Limit: 1`). */
export async function hasDocumentPreferences(apiKey: string, organizationId: string, documentId: string) {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.notificationPreferencePartition(apiKey, organizationId),
        ':prefix': keys.notificationPreferencePrefix(organizationId, documentId),
      },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (output.Items ?? []).length > 0;
}

/**
 * Moves up to `limit` document-level preferences of document `from` to `to` (migration): each is
 * re-keyed, so its copy under `to` is put first and the source deleted after (one BatchWriteItem
 * each), and a repeat after a crash re-lists only what is still under `from`. One Query a batch.
 */
export async function moveDocumentPreferences(
  move: DocumentMove,
  limit: number,
  startKey?: Item,
): Promise<MovedPage> {
  const { apiKey, organizationId } = move;
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.notificationPreferencePartition(apiKey, organizationId),
        ':prefix': keys.notificationPreferencePrefix(organizationId, move.from),
      },
      Limit: limit,
      ExclusiveStartKey: startKey,
      ConsistentRead: true,
    }),
  );
  const items = page.Items ?? [];
  await batchWrite(
    items.map((item) => {
      const userId = item.userId as string;
      return {
        put: {
          ...item,
          ...keys.notificationPreference(apiKey, { organizationId, documentId: move.to, userId }),
          ...keys.userDataListing(apiKey, userId, organizationId, 'notificationconfig', move.to),
          documentId: move.to,
        },
      };
    }),
  );
  await batchWrite(items.map((item) => ({ delete: { pk: item.pk as string, sk: item.sk as string } })));
  return page.LastEvaluatedKey
    ? { moved: items.length, nextKey: page.LastEvaluatedKey }
    : { moved: items.length };
}

/**
 * Erases one page (up to `limit`) of the preferences of an organization (its whole preference
 * partition) or of one document (its prefix): deletion cascade.
 */
export function erasePreferencePage(scope: EraseScope, limit: number, startKey?: Item) {
  return erasePage(
    {
      partition: keys.notificationPreferencePartition(scope.apiKey, scope.organizationId),
      ...(scope.documentId !== undefined && {
        prefix: keys.notificationPreferencePrefix(scope.organizationId, scope.documentId),
      }),
    },
    limit,
    startKey,
  );
}
