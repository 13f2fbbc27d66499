import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '../core/errors';
import { batchWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { commitCounted, counterUpdate } from '../db/counted-writes';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { queryAll, withoutKeys } from '../db/query-page';
import { conflict, type RetryPolicy, retryOnConflict } from '../db/retry';
import { type ConnectionRecord, connectionRecord, type Room, type RoomMember } from './schemas';

type Item = Record<string, unknown>;

/**
 * A connection item outlives its connection by at most this long when `$disconnect` never ran:
 * API Gateway ends every connection after 2 hours, and readers skip items past their `ttl`
 * (DynamoDB deletes expired items lazily).
 */
const connectionTtlSeconds = 3 * 60 * 60;

/** Epoch seconds, as `ttl` attributes hold them. */
export const seconds = (ms: number) => Math.floor(ms / 1000);
/** Whether an item is live at `now`: DynamoDB deletes expired items lazily, so readers skip them. */
export const live = (item: Record<string, unknown>, now: number) =>
  typeof item.ttl !== 'number' || item.ttl > seconds(now);

/** The room's connection count, changed by `change` (an increment: refused at `max`). */
const roomCountUpdate = (apiKey: string, room: Room, change: 1 | -1, now: number, max?: number) =>
  counterUpdate({
    key: keys.realtimeRoomCount(apiKey, room),
    entity: entities.realtimeRoomCount.name,
    attribute: 'connectionCount',
    change,
    now,
    // Every change bumps the version, so a recount can tell whether the count moved meanwhile.
    add: { version: 1 },
    // An increment keeps the count alive as long as the connection it counts (orphans expire).
    ...(change > 0 && { set: { ttl: seconds(now) + connectionTtlSeconds } }),
    ...(max !== undefined && { max }),
  });

const contention = 'The room is being joined concurrently; retry.';

/** `insertConnection` tries 3 times in all, each retry after a recount that freed places. */
const insertRetry: RetryPolicy = { attempts: 3 };

/**
 * Stores a new connection if its room holds fewer than `maxConnections`: one transaction puts
 * the item found by its id and the room item and increments the room's count on condition that
 * it is below the cap, so concurrent connects can never pass it. At the cap, the room is recounted
 * (`recountRoom`) in case connections vanished without a decrement; when that frees places, the
 * insert is tried again. Returns false when the room is full (or, rarely, too contended).
 */
export async function insertConnection(record: ConnectionRecord, maxConnections: number): Promise<boolean> {
  const ttl = seconds(record.connectedAt) + connectionTtlSeconds;
  const room: Room = record;
  const stamps = { createdAt: record.connectedAt, updatedAt: record.connectedAt, ttl };
  const items = [
    roomCountUpdate(record.apiKey, room, 1, record.connectedAt, maxConnections),
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.connectionById(record.connectionId),
          entity: entities.realtimeConnection.name,
          gsi4pk: keys.connectionsOfUser(record.apiKey, record.userId),
          gsi4sk: record.connectionId,
          ...record,
          ...stamps,
        },
        // A connection is counted once, even if its $connect ran twice.
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.realtimeConnection(record.apiKey, room, record.connectionId),
          entity: entities.realtimeRoomMember.name,
          connectionId: record.connectionId,
          documentId: record.documentId,
          editorId: record.editorId,
          userId: record.userId,
          ...stamps,
        },
      },
    },
  ];
  const attempt = async () => {
    let reasons: string[] | undefined;
    try {
      reasons = await commitCounted(items, contention);
    } catch (error) {
      if (error instanceof ApiError && error.status === 'ABORTED') return false;
      throw error;
    }
    if (!reasons || reasons[1] === 'ConditionalCheckFailed') return true;
    if (reasons[0] !== 'ConditionalCheckFailed')
      throw new Error(`connection insert cancelled: ${reasons.join(', ')}`);
    return (await recountRoom(record.apiKey, room, maxConnections, record.connectedAt)) ? conflict : false;
  };
  return retryOnConflict(insertRetry, attempt, () => false);
}

/**
 * Heals a room count that is too high because connections ended without their decrement (a
 * `$disconnect` API Gateway never delivered, a Lambda that died, an item past its TTL): reads the
 * count and its version, counts the room's live connection items, and writes that number on
 * condition that the version is unchanged — any connect or delete committed meanwhile bumped it,
 * and those committed before the read are in the count, so a recount never undercounts. Returns
 * false when the room is full of live connections; true when the insert is worth trying again
 * (places were freed, or the count moved meanwhile).
 */
async function recountRoom(apiKey: string, room: Room, maxConnections: number, now: number) {
  const key = keys.realtimeRoomCount(apiKey, room);
  const counted = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const version = counted.Item?.version;
  if (typeof version !== 'number') return true;
  const liveCount = await countRoomConnections(apiKey, room, now);
  if (liveCount >= maxConnections) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET connectionCount = :live, updatedAt = :now ADD version :one',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':live': liveCount, ':now': now, ':one': 1, ':version': version },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return true;
}

/** A connection by its id (strongly consistent: `$default` may run right after `$connect`). */
export async function findConnection(
  connectionId: string,
  now: number,
): Promise<ConnectionRecord | undefined> {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.connectionById(connectionId), ConsistentRead: true }),
  );
  return output.Item && live(output.Item, now) ? connectionRecord.parse(withoutKeys(output.Item)) : undefined;
}

/**
 * Removes a connection's two items and decrements its room's count, in one transaction that
 * requires the connection to be live (stored, TTL not passed): of concurrent deletes of one
 * connection (`$disconnect`, a 410 Gone, a closing rule) only one decrements, and a connection
 * past its TTL — no longer counted by a recount — is not subtracted again. Idempotent.
 */
export async function deleteConnection(
  apiKey: string,
  room: Room,
  connectionId: string,
  now: number,
): Promise<void> {
  const reasons = await commitCounted(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.connectionById(connectionId),
          ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':now': seconds(now) },
        },
      },
      { Delete: { TableName: tableName(), Key: keys.realtimeConnection(apiKey, room, connectionId) } },
      roomCountUpdate(apiKey, room, -1, now),
    ],
    contention,
  );
  if (!reasons) return;
  // Already deleted, or expired and no longer counted: remove whatever is left, uncounted.
  await batchWrite([
    { delete: keys.connectionById(connectionId) },
    { delete: keys.realtimeConnection(apiKey, room, connectionId) },
  ]);
}

/**
 * The connections of a room (`editorId` given), of a document (`documentId` only) or of the whole
 * organization: one Query of the organization's realtime partition, projected to the room fields.
 */
export async function listConnections(
  apiKey: string,
  scope: { organizationId: string; documentId?: string; editorId?: string },
  now: number,
): Promise<RoomMember[]> {
  const prefix =
    scope.documentId === undefined
      ? keys.realtimeConnectionPrefix
      : keys.realtimeRoomPrefix(scope.organizationId, scope.documentId, scope.editorId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.realtimePartition(apiKey, scope.organizationId),
      ':prefix': prefix,
    },
    ProjectionExpression: 'connectionId, documentId, editorId, userId, createdAt, #ttl',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ConsistentRead: true,
  });
  return items
    .filter((item) => live(item, now))
    .map((item) => ({
      connectionId: item.connectionId as string,
      documentId: item.documentId as string,
      editorId: item.editorId as string,
      userId: item.userId as string,
      connectedAt: item.createdAt as number,
    }));
}

/** How many live connections a room has (Queries reading counts only; one page for 500 rooms). */
async function countRoomConnections(apiKey: string, room: Room, now: number): Promise<number> {
  let count = 0;
  let start: Item | undefined;
  do {
    const output = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: '#ttl > :now',
        ExpressionAttributeValues: {
          ':pk': keys.realtimePartition(apiKey, room.organizationId),
          ':prefix': keys.realtimeRoomPrefix(room.organizationId, room.documentId, room.editorId),
          ':now': seconds(now),
        },
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        Select: 'COUNT',
        ConsistentRead: true,
        ...(start && { ExclusiveStartKey: start }),
      }),
    );
    count += output.Count ?? 0;
    start = output.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * Records what a connection announced (its awareness client id, that its viewer was told no) or
 * what its last access check found (role, when and at which stamp).
 */
export async function updateConnection(
  connectionId: string,
  changes: Partial<
    Pick<
      ConnectionRecord,
      'awarenessClientId' | 'deniedSent' | 'role' | 'accessCheckedAt' | 'accessStamp' | 'accessExpiresAt'
    >
  >,
  now: number,
): Promise<void> {
  const names = Object.keys(changes);
  if (names.length === 0) return;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connectionById(connectionId),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}, updatedAt = :now`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name, i) => [`:f${i}`, changes[name as keyof typeof changes]])),
          ':now': now,
        },
      }),
    );
  } catch (error) {
    // The connection closed meanwhile: nothing to record.
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * How many live connections a user holds in a room (`MAX_REALTIME_CONNECTIONS_PER_USER` at
 * `$connect`): one eventually consistent COUNT Query of the room's small connection items.
 */
export async function countUserConnections(apiKey: string, room: Room, userId: string, now: number) {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'userId = :user AND #ttl > :now',
      ExpressionAttributeValues: {
        ':pk': keys.realtimePartition(apiKey, room.organizationId),
        ':prefix': keys.realtimeRoomPrefix(room.organizationId, room.documentId, room.editorId),
        ':user': userId,
        ':now': seconds(now),
      },
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      Select: 'COUNT',
    }),
  );
  return output.Count ?? 0;
}
