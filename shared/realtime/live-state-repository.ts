import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
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
 * What a write of a live-state value requires of the stored one: nothing (`'any'`: a replace), no
 * live value (`undefined`: a merge that found none), or the version a merge read.
 */
export type ExpectedLiveState = number | undefined | 'any';

/**
 * The UpdateItem that writes a live-state value, bumps its version and keeps it 24 h, under the
 * condition `expected` asks for; `stored` adds that the item exists (a write outside the index's
 * transaction must never create a value the index does not count).
 */
export function liveStateUpdate(
  apiKey: string,
  organizationId: string,
  documentId: string,
  frame: LiveStateFrame,
  expected: ExpectedLiveState,
  stored = false,
) {
  const condition =
    expected === 'any'
      ? stored
        ? { ConditionExpression: 'attribute_exists(pk)' }
        : {}
      : expected === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :nowSeconds' }
        : { ConditionExpression: 'version = :expected' };
  return {
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
      ':ttl': liveStateExpiry(frame.timestamp),
      ':one': 1,
      ...(expected === undefined && { ':nowSeconds': seconds(frame.timestamp) }),
      ...(typeof expected === 'number' && { ':expected': expected }),
    },
  };
}

/** The `ttl` (epoch seconds) of a value written at `timestamp`. */
export const liveStateExpiry = (timestamp: number) => seconds(timestamp) + liveStateTtlSeconds;

/**
 * Writes the value of an id the document's live-state index counts (one UpdateItem), on condition
 * that it is stored (`'any'`) or still at the version a merge read. False when the condition
 * failed: another write won (a merge reads again), or the value is gone (expired and deleted, or
 * its index entry pruned), and the write has to join the index again.
 */
export async function putLiveState(
  apiKey: string,
  organizationId: string,
  documentId: string,
  frame: LiveStateFrame,
  expected: number | 'any',
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand(liveStateUpdate(apiKey, organizationId, documentId, frame, expected, true)),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The unexpired live-state values of a document, for a joining connection: one Query page of at
 * most `limit` items (`REALTIME_MAX_LIVE_STATES_PER_DOCUMENT`, each ≤ 64 KB), so a sync step 1
 * reads a bounded amount. The document's index holds at most that many ids and every stored value
 * is one of them (expired ones included, until a new id takes their place and deletes them), so
 * the page holds every value a joiner should receive. The index itself sits outside the prefix.
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
