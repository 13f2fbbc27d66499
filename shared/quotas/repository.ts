import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/**
 * Gives job `jobId` of the API key a worker slot until `until` (epoch ms) when fewer than `cap`
 * runs hold one, or it holds one already (one conditional UpdateItem). When the slots are full,
 * holders whose time has passed (a crashed run's) are removed and the claim is tried once more.
 * False when `cap` live runs hold a slot.
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
      UpdateExpression: 'SET holders.#job = :until, updatedAt = :now',
      ConditionExpression: 'attribute_exists(holders) AND (size(holders) < :cap OR attribute_exists(holders.#job))',
      ExpressionAttributeNames: { '#job': jobId },
      ExpressionAttributeValues: { ':until': until, ':now': now, ':cap': cap },
    });
  if (await claim()) return true;
  const output = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const holders = output.Item?.holders as Record<string, number> | undefined;
  if (!holders) return (await createJobSlots(apiKey, jobId, until, now)) || claim();
  const expired = Object.entries(holders).filter(([, holdsUntil]) => holdsUntil <= now);
  if (expired.length === 0) return false;
  const names = Object.fromEntries(expired.map(([id], index) => [`#x${index}`, id]));
  await updateIf({
    Key: key,
    UpdateExpression: `REMOVE ${Object.keys(names)
      .map((name) => `holders.${name}`)
      .join(', ')}`,
    ConditionExpression: Object.keys(names)
      .map((name, index) => `holders.${name} = :x${index}`)
      .join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: Object.fromEntries(expired.map(([, time], index) => [`:x${index}`, time])),
  });
  return claim();
}

/** The key's first slot item, holding `jobId`; false when another run created it meanwhile. */
async function createJobSlots(apiKey: string, jobId: string, until: number, now: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.jobSlots(apiKey),
          entity: entities.jobSlots.name,
          holders: { [jobId]: until },
          createdAt: now,
          updatedAt: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Frees job `jobId`'s worker slot (one UpdateItem; nothing when it holds none). */
export async function releaseJobSlot(apiKey: string, jobId: string, now: number): Promise<void> {
  await updateIf({
    Key: keys.jobSlots(apiKey),
    UpdateExpression: 'REMOVE holders.#job SET updatedAt = :now',
    ConditionExpression: 'attribute_exists(holders.#job)',
    ExpressionAttributeNames: { '#job': jobId },
    ExpressionAttributeValues: { ':now': now },
  });
}
