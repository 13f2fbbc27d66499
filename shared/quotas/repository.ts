import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { updateIf } from '../db/conditional-updates';
import { entities } from '../db/entities';
import { keys } from '../db/keys';

/** How long a window's count outlives it (TTL, in seconds): nothing reads it after its second. */
const windowTtlSeconds = 60;

/** Which requests a window counts: HTTP routes, or realtime connects and frames. */
export type RateKind = 'http' | 'realtime';

/**
 * Counts one request in the API key's window (`window`: epoch seconds) unless the window already
 * holds `limit` (one conditional UpdateItem). False when the window is full: nothing is counted.
 */
export async function countInWindow(
  apiKey: string,
  kind: RateKind,
  window: number,
  limit: number,
  now: number,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateWindow(apiKey, kind, window),
        UpdateExpression:
          'SET entity = :entity, createdAt = if_not_exists(createdAt, :now), updatedAt = :now, #ttl = :ttl ADD used :one',
        ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':entity': entities.rateWindow.name,
          ':now': now,
          ':ttl': window + windowTtlSeconds,
          ':one': 1,
          ':limit': limit,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Takes back one counted request (its credentials were wrong): one UpdateItem, only on an existing window. */
export async function uncount(apiKey: string, kind: RateKind, window: number): Promise<void> {
  await updateIf({
    Key: keys.rateWindow(apiKey, kind, window),
    UpdateExpression: 'ADD used :minusOne',
    ConditionExpression: 'used > :zero',
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  });
}

/** A holder of a worker slot as the slot item's set stores it: the job and the end of its hold. */
const holderEntry = (jobId: string, until: number) => `${jobId}|${until}`;

function parseHolder(entry: string): { jobId: string; until: number } {
  const bar = entry.lastIndexOf('|');
  return { jobId: entry.slice(0, bar), until: Number(entry.slice(bar + 1)) };
}

/**
 * Gives job `jobId` of the API key a worker slot until `until` (epoch ms) when fewer than `cap`
 * runs hold one: one conditional UpdateItem adding it to the key's set of holders (the item is
 * created by the first). When the slots are full, holders whose hold has passed (a crashed run's)
 * and the job's own earlier hold (a redelivered run's) are removed and the claim is tried once more
 * (a GetItem and an UpdateItem more). False when `cap` live runs of other jobs hold a slot.
 */
export async function claimJobSlot(
  apiKey: string,
  jobId: string,
  until: number,
  cap: number,
  now: number,
): Promise<boolean> {
  const key = keys.jobSlots(apiKey);
  const claim = () =>
    updateIf({
      Key: key,
      UpdateExpression:
        'ADD holders :entry SET entity = :entity, createdAt = if_not_exists(createdAt, :now), updatedAt = :now',
      ConditionExpression: 'attribute_not_exists(holders) OR size(holders) < :cap',
      ExpressionAttributeValues: {
        ':entry': new Set([holderEntry(jobId, until)]),
        ':entity': entities.jobSlots.name,
        ':now': now,
        ':cap': cap,
      },
    });
  if (await claim()) return true;
  const output = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const holders = [...((output.Item?.holders as Set<string> | undefined) ?? [])];
  const stale = holders.filter((entry) => {
    const holder = parseHolder(entry);
    return holder.until <= now || holder.jobId === jobId;
  });
  if (stale.length === 0 && holders.length >= cap) return false;
  if (stale.length > 0) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'DELETE holders :stale',
        ExpressionAttributeValues: { ':stale': new Set(stale) },
      }),
    );
  }
  return claim();
}

/** Frees the worker slot job `jobId` claimed until `until` (one UpdateItem; nothing when it holds none). */
export async function releaseJobSlot(
  apiKey: string,
  jobId: string,
  until: number,
  now: number,
): Promise<void> {
  await updateIf({
    Key: keys.jobSlots(apiKey),
    UpdateExpression: 'DELETE holders :entry SET updatedAt = :now',
    ConditionExpression: 'attribute_exists(holders)',
    ExpressionAttributeValues: { ':entry': new Set([holderEntry(jobId, until)]), ':now': now },
  });
}
