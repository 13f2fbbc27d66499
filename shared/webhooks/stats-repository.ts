import { AsyncLocalStorage } from 'node:async_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { logger } from '../core/logger';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';
import { messageRetention } from '../settings/webhook-config-schemas';
import { endpointIdOf, type MessageRecord, type TargetId } from './message-schemas';

/**
 * An endpoint's messages counted by status (endpoints/stats), kept as counters: one item per
 * endpoint and 5-minute bucket of event time, whose counts move with every status change of a
 * message of that bucket. Stats since a time are then one Query of at most a few hundred small
 * items, whatever the endpoint's volume. A count changes after the conditional write that changed
 * the message (not in one transaction with it: a busy endpoint's counter would make concurrent
 * transactions conflict), at once or when the batch is done; a worker that dies between the two
 * leaves counts behind.
 */

/** How a message counts: `sending` is pending with a failed attempt behind it (a retry is scheduled). */
export type StatsStatus = 'pending' | 'sending' | 'succeeded' | 'dead';

export const statsStatuses: readonly StatsStatus[] = ['pending', 'sending', 'succeeded', 'dead'];

/** How a message with this status and count of scheduled attempts counts. */
export function statsStatusOf(message: Pick<MessageRecord, 'status' | 'attemptCount'>): StatsStatus {
  if (message.status !== 'pending') return message.status;
  return message.attemptCount > 0 ? 'sending' : 'pending';
}

/** Width of a counter bucket: `since` resolves to this. */
export const statsBucketMs = 5 * 60 * 1000;

/** The start of the bucket holding a time. */
export const statsBucketOf = (time: number) => Math.floor(time / statsBucketMs) * statsBucketMs;

/** A bucket outlives the longest retention, after which no route reads it. */
const bucketTtl = (bucketStart: number) =>
  Math.floor((bucketStart + statsBucketMs) / 1000) + messageRetention.maxDays * 24 * 60 * 60;

/** The changes to one counter item: status → how much its count moves. */
interface CounterChange {
  apiKey: string;
  endpointId: string;
  bucket: number;
  deltas: Map<StatsStatus, number>;
  now: number;
}

/** One `ADD` per counter item, of every count that moves. */
async function writeCounterChange({ apiKey, endpointId, bucket, deltas, now }: CounterChange): Promise<void> {
  const moves = [...deltas].filter(([, delta]) => delta !== 0);
  if (moves.length === 0) return;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookEndpointStats(apiKey, endpointId, bucket),
      UpdateExpression: `SET entity = :entity, bucketStart = :bucket, createdAt = if_not_exists(createdAt, :now), updatedAt = :now, #ttl = :ttl ADD ${moves
        .map(([status]) => `#${status} :${status}`)
        .join(', ')}`,
      ExpressionAttributeNames: {
        '#ttl': 'ttl',
        ...Object.fromEntries(moves.map(([status]) => [`#${status}`, status])),
      },
      ExpressionAttributeValues: {
        ':entity': entities.webhookEndpointStats.name,
        ':bucket': bucket,
        ':now': now,
        ':ttl': bucketTtl(bucket),
        ...Object.fromEntries(moves.map(([status, delta]) => [`:${status}`, delta])),
      },
    }),
  );
}

/** Counter changes of a batch, by counter item, written once when the batch is done. */
type Tally = Map<string, CounterChange>;

const batchTally = new AsyncLocalStorage<Tally>();

/**
 * Runs a batch's work (a queue or stream batch) with its counter changes kept in memory, then
 * writes them: one `ADD` per endpoint and bucket the batch touched, not one per message (a batch
 * of deliveries to one endpoint is one write). A worker that dies before the end leaves the
 * batch's counts behind, not one; a failed write of the counts is logged, not retried (the
 * messages are written: doing the batch again would not count them).
 */
export async function withBatchCounts<T>(work: () => Promise<T>): Promise<T> {
  const tally: Tally = new Map();
  try {
    return await batchTally.run(tally, work);
  } finally {
    const writes = await Promise.allSettled([...tally.values()].map(writeCounterChange));
    for (const write of writes)
      if (write.status === 'rejected')
        logger.error('message counts not written', { error: write.reason as Error });
  }
}

/**
 * Moves one message of an endpoint from `from` (undefined: a new message) to `to` in its bucket's
 * counts: at once, or with the batch's (`withBatchCounts`). Nothing for a basic-webhook target or
 * an unchanged status.
 */
export async function countStatusChange(
  apiKey: string,
  targetId: TargetId,
  eventTimestamp: number,
  from: StatsStatus | undefined,
  to: StatsStatus,
  now: number,
): Promise<void> {
  const endpointId = endpointIdOf(targetId);
  if (endpointId === undefined || from === to) return;
  const bucket = statsBucketOf(eventTimestamp);
  const tally = batchTally.getStore();
  const id = `${apiKey}\u0000${endpointId}\u0000${bucket}`;
  const change = tally?.get(id) ?? { apiKey, endpointId, bucket, deltas: new Map(), now };
  change.deltas.set(to, (change.deltas.get(to) ?? 0) + 1);
  if (from) change.deltas.set(from, (change.deltas.get(from) ?? 0) - 1);
  change.now = Math.max(change.now, now);
  if (!tally) return writeCounterChange(change);
  tally.set(id, change);
}

/** Counts of an endpoint's messages by status. */
export type StatusCounts = Record<StatsStatus, number>;

/** Buckets per Query: a week of 5-minute buckets is ≈ 2,000 small items, one page of ≤ 1 MB. */
const bucketsPerQuery = 7 * 24 * 12;

/**
 * The counts of an endpoint's messages whose events fall in the buckets from `firstBucket` to
 * `lastBucket` (bucket starts, inclusive), those before `from` left out (a bound known once the
 * buckets are read: the retention's): one Query per week of buckets, all in parallel, so one round
 * trip for any range a retention allows. A count a lost change left below zero reads as 0.
 */
export async function readStatusCounts(
  apiKey: string,
  endpointId: string,
  firstBucket: number,
  lastBucket: number,
  from: Promise<number>,
): Promise<StatusCounts> {
  // Awaited after the Queries; its failure must not go unhandled meanwhile.
  from.catch(() => undefined);
  const ranges: [number, number][] = [];
  for (let start = firstBucket; start <= lastBucket; start += bucketsPerQuery * statsBucketMs)
    ranges.push([start, Math.min(lastBucket, start + (bucketsPerQuery - 1) * statsBucketMs)]);
  const pages = await Promise.all(
    ranges.map(([from, to]) =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.webhookEndpointStatsPartition(apiKey, endpointId),
          ':from': keys.webhookEndpointStats(apiKey, endpointId, from).sk,
          ':to': keys.webhookEndpointStats(apiKey, endpointId, to).sk,
        },
      }),
    ),
  );
  const first = await from;
  const counts: StatusCounts = { pending: 0, sending: 0, succeeded: 0, dead: 0 };
  for (const item of pages.flat()) {
    if (Number(item.bucketStart) < first) continue;
    for (const status of statsStatuses) counts[status] += Number(item[status] ?? 0);
  }
  for (const status of statsStatuses) counts[status] = Math.max(0, counts[status]);
  return counts;
}
