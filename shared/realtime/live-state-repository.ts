import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { live, seconds } from '../sockets/repository';
import type { LiveStateFrame } from './schemas';

type Item = Record<string, unknown>;

/** Live state is kept for late joiners this long (addendum §9). */
export const liveStateTtlSeconds = 24 * 60 * 60;

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
  return { frame: frameOfItem(item), version: item.version as number };
}

const frameOfItem = (item: Item): LiveStateFrame => ({
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
          ':entity': entities.liveState.name,
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

/**
 * The unexpired live-state values of a document, for a joining connection: one Query page of at
 * most `limit` items (`REALTIME_MAX_LIVE_STATES_PER_DOCUMENT`, each ≤ 64 KB), so a sync step 1
 * reads a bounded amount however many ids were ever broadcast.
 */
export async function listLiveStates(
  apiKey: string,
  organizationId: string,
  documentId: string,
  now: number,
  limit: number,
): Promise<LiveStateFrame[]> {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.realtimePartition(apiKey, organizationId),
        ':prefix': keys.liveStatePrefix(organizationId, documentId),
      },
      Limit: limit,
    }),
  );
  return (output.Items ?? []).filter((item) => live(item, now)).map(frameOfItem);
}
