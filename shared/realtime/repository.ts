import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { queryAll, withoutKeys } from '../db/query-page';
import {
  type ConnectionRecord,
  connectionRecord,
  type LiveStateFrame,
  type Room,
  type RoomMember,
} from './schemas';

type Item = Record<string, unknown>;

/**
 * A connection item outlives its connection by at most this long when `$disconnect` never ran:
 * API Gateway ends every connection after 2 hours, and readers skip items past their `ttl`
 * (DynamoDB deletes expired items lazily).
 */
const connectionTtlSeconds = 3 * 60 * 60;

/** Chunk parts of a message still incomplete after this long are left to TTL. */
const chunkTtlSeconds = 10 * 60;

/** Live state is kept for late joiners this long (addendum §9). */
export const liveStateTtlSeconds = 24 * 60 * 60;

const seconds = (ms: number) => Math.floor(ms / 1000);
const live = (item: Item, now: number) => typeof item.ttl !== 'number' || item.ttl > seconds(now);

/**
 * Stores a new connection: the item found by its id and the room item, in one BatchWriteItem
 * (2 WCU; a transaction would cost double for no gain: a half-written pair expires with its TTL
 * and `$disconnect` deletes both keys either way).
 */
export async function insertConnection(record: ConnectionRecord): Promise<void> {
  const ttl = seconds(record.connectedAt) + connectionTtlSeconds;
  const room: Room = record;
  const stamps = { createdAt: record.connectedAt, updatedAt: record.connectedAt, ttl };
  await batchWrite([
    {
      put: {
        ...keys.connectionById(record.connectionId),
        entity: 'realtimeConnection',
        ...record,
        ...stamps,
      },
    },
    {
      put: {
        ...keys.realtimeConnection(record.apiKey, room, record.connectionId),
        entity: 'realtimeRoomMember',
        connectionId: record.connectionId,
        documentId: record.documentId,
        editorId: record.editorId,
        userId: record.userId,
        ...stamps,
      },
    },
  ]);
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

/** Connections by id, in one BatchGet (awareness of a room for a joiner). */
export async function findConnections(connectionIds: readonly string[], now: number) {
  const items = await batchGet(connectionIds.map((id) => keys.connectionById(id)));
  return items.filter((item) => live(item, now)).map((item) => connectionRecord.parse(withoutKeys(item)));
}

/** Removes a connection's two items (idempotent). */
export async function deleteConnection(apiKey: string, room: Room, connectionId: string): Promise<void> {
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
      : keys.realtimeRoomPrefix(scope.documentId, scope.editorId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.realtimePartition(apiKey, scope.organizationId),
      ':prefix': prefix,
    },
    ProjectionExpression: 'connectionId, documentId, editorId, userId, #ttl',
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
    }));
}

/** How many live connections a room has, counting up to `limit` (one Query reading keys only). */
export async function countRoomConnections(apiKey: string, room: Room, limit: number, now: number) {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: '#ttl > :now',
      ExpressionAttributeValues: {
        ':pk': keys.realtimePartition(apiKey, room.organizationId),
        ':prefix': keys.realtimeRoomPrefix(room.documentId, room.editorId),
        ':now': seconds(now),
      },
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      Select: 'COUNT',
      Limit: limit + 1,
      ConsistentRead: true,
    }),
  );
  return output.Count ?? 0;
}

/** Records what a connection announced: its awareness clients, or that its viewer was told no. */
export async function updateConnection(
  connectionId: string,
  changes: Partial<Pick<ConnectionRecord, 'awareness' | 'deniedSent' | 'role'>>,
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
 * Stores one part of a chunked client message and, once every index has arrived, returns the parts
 * in index order (undefined before). Consecutive frames of a connection may run in different
 * Lambda instances, so parts live in the table; a tally of received indexes (one Put and one small
 * Update per part) decides completeness, so the parts are read once, by the frame that completes
 * them, and a message of n parts costs O(n) capacity rather than re-reading every part n times.
 */
export async function storeChunk(
  connectionId: string,
  part: { messageId: string; index: number; count: number; payload: string },
  now: number,
): Promise<string[] | undefined> {
  const ttl = seconds(now) + chunkTtlSeconds;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.connectionChunk(connectionId, part.messageId, part.index),
        entity: 'realtimeChunk',
        count: part.count,
        index: part.index,
        payload: part.payload,
        createdAt: now,
        updatedAt: now,
        ttl,
      },
    }),
  );
  const tally = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.connectionChunkTally(connectionId, part.messageId),
      UpdateExpression:
        'ADD received :index SET entity = :entity, createdAt = if_not_exists(createdAt, :now), updatedAt = :now, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':index': new Set([part.index]),
        ':entity': 'realtimeChunkTally',
        ':now': now,
        ':ttl': ttl,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const received = tally.Attributes?.received as Set<number> | undefined;
  if (!received || received.size < part.count) return undefined;
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.connectionById(connectionId).pk,
      ':prefix': keys.connectionChunkPrefix(part.messageId),
    },
    ConsistentRead: true,
  });
  const payloads = new Map(items.map((item) => [item.index as number, item.payload as string]));
  const ordered = Array.from({ length: part.count }, (_, index) => payloads.get(index));
  return ordered.every((payload) => payload !== undefined) ? (ordered as string[]) : undefined;
}

/** Deletes a joined message's parts and its tally. */
export async function deleteChunks(connectionId: string, messageId: string, count: number): Promise<void> {
  await batchWrite([
    ...Array.from({ length: count }, (_, index) => ({
      delete: keys.connectionChunk(connectionId, messageId, index),
    })),
    { delete: keys.connectionChunkTally(connectionId, messageId) },
  ]);
}

/** The last live-state value of one id, with the version a conditional write checks. */
export async function findLiveState(
  apiKey: string,
  organizationId: string,
  documentId: string,
  liveStateDataId: string,
  now: number,
): Promise<{ frame: LiveStateFrame; version: number } | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.liveState(apiKey, organizationId, documentId, liveStateDataId),
      ConsistentRead: true,
    }),
  );
  const item = output.Item;
  if (!item || !live(item, now)) return undefined;
  return { frame: toFrame(item), version: item.version as number };
}

const toFrame = (item: Item): LiveStateFrame => ({
  type: 'livestate',
  liveStateDataId: item.liveStateDataId as string,
  data: item.data,
  timestamp: item.timestamp as number,
});

/**
 * Writes a live-state value and bumps its version (one UpdateItem). `expected`: `'any'` replaces
 * whatever is stored; a version (or undefined: none stored, or expired) writes only if nobody wrote
 * since it was read — false when another write won, and the caller reads again.
 */
export async function putLiveState(
  apiKey: string,
  organizationId: string,
  documentId: string,
  frame: LiveStateFrame,
  expected: number | undefined | 'any',
): Promise<boolean> {
  const condition =
    expected === 'any'
      ? {}
      : expected === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :nowSeconds' }
        : { ConditionExpression: 'version = :expected' };
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.liveState(apiKey, organizationId, documentId, frame.liveStateDataId),
        UpdateExpression:
          'SET entity = :entity, documentId = :documentId, liveStateDataId = :id, #data = :data, #timestamp = :timestamp, ' +
          'createdAt = if_not_exists(createdAt, :timestamp), updatedAt = :timestamp, #ttl = :ttl ADD version :one',
        ...condition,
        ExpressionAttributeNames: { '#data': 'data', '#timestamp': 'timestamp', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':entity': 'liveState',
          ':documentId': documentId,
          ':id': frame.liveStateDataId,
          ':data': frame.data,
          ':timestamp': frame.timestamp,
          ':ttl': seconds(frame.timestamp) + liveStateTtlSeconds,
          ':one': 1,
          ...(expected === undefined && { ':nowSeconds': seconds(frame.timestamp) }),
          ...(typeof expected === 'number' && { ':expected': expected }),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Every unexpired live-state value of a document (one Query), for a joining connection. */
export async function listLiveStates(
  apiKey: string,
  organizationId: string,
  documentId: string,
  now: number,
): Promise<LiveStateFrame[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.realtimePartition(apiKey, organizationId),
      ':prefix': keys.liveStatePrefix(documentId),
    },
  });
  return items.filter((item) => live(item, now)).map(toFrame);
}

/**
 * Deletes the live state of a document (or, without `documentId`, of every document of the
 * organization): one Query for the keys, one BatchWriteItem per 25.
 */
export async function deleteLiveStates(apiKey: string, organizationId: string, documentId?: string) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.realtimePartition(apiKey, organizationId),
      ':prefix': documentId === undefined ? keys.liveStatesPrefix : keys.liveStatePrefix(documentId),
    },
    ProjectionExpression: 'pk, sk',
  });
  await batchWrite(items.map((item) => ({ delete: { pk: item.pk as string, sk: item.sk as string } })));
}
