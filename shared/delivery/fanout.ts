import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, StreamRecord } from 'aws-lambda';
import * as z from 'zod';
import { markFannedOut } from '../events/outbox';
import { type PublishedEvent, publishedEvent } from '../events/schemas';
import type { logger } from '../http/logger';
import { metricNames } from '../observability/metric-names';
import { recordMetric } from '../observability/metrics';
import { sendToQueue } from '../queues/send';
import { insertDelivery } from './repository';
import type { DeliveryRecord, TargetId } from './schemas';
import { resolveTargets } from './targets';

/** The deterministic id of an event's delivery to a target: a replayed stream record finds the same item. */
export const deliveryIdOf = (eventId: string, target: TargetId) => `${eventId}:${target}`;

/** A new delivery, its first attempt due now and its queue message about to be sent. */
export function newDelivery(event: PublishedEvent, targetId: TargetId, now: number): DeliveryRecord {
  return {
    deliveryId: deliveryIdOf(event.id, targetId),
    targetId,
    event,
    status: 'pending',
    attemptCount: 0,
    attemptBase: 0,
    nextAttemptAt: now,
    enqueuedAttempt: 1,
    attempts: [],
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Stores a delivery and sends its first queue message (the message carries only the delivery's
 * key). Idempotent: when the delivery exists and no attempt was made yet, the message is sent again,
 * because the earlier run may have died between the write and the send; a duplicate is dropped by
 * the consumer. Returns the stored delivery.
 */
export async function startDelivery(
  apiKey: string,
  event: PublishedEvent,
  targetId: TargetId,
  now = Date.now(),
) {
  const stored = await insertDelivery(apiKey, newDelivery(event, targetId, now));
  if (stored.status === 'pending' && stored.attemptCount === 0) {
    await sendToQueue('webhook-delivery', {
      apiKey,
      targetId,
      eventTimestamp: event.timestamp,
      eventId: event.id,
      attempt: 1,
    });
  }
  return stored;
}

/**
 * Resolves an event's targets under the current configuration, starts one delivery per target, then
 * marks the outbox event fanned out (it leaves the reconciler's due index). Idempotent.
 */
export async function fanOutEvent(apiKey: string, event: PublishedEvent): Promise<TargetId[]> {
  const targets = await resolveTargets(apiKey, event);
  await Promise.all(targets.map((target) => startDelivery(apiKey, event, target)));
  await markFannedOut(apiKey, event);
  return targets;
}

const outboxImage = publishedEvent.extend({ apiKey: z.string(), entity: z.literal('outboxEvent') });

/** The API key and event of a stored outbox item (a stream image or a read item), or undefined. */
export function outboxEventOf(image: Record<string, unknown>) {
  const parsed = outboxImage.safeParse(image);
  if (!parsed.success) return undefined;
  const { apiKey, entity: _entity, ...event } = parsed.data;
  return { apiKey, event: publishedEvent.parse(event) };
}

/** The outbox event a stream record inserted, or undefined for any other change. */
function insertedEvent(record: StreamRecord | undefined) {
  if (!record?.NewImage) return undefined;
  return outboxEventOf(unmarshall(record.NewImage as Record<string, AttributeValue>));
}

/**
 * Fans out a batch of table stream records (the stack filters them to outbox inserts; the local
 * poller does not, so other records are skipped here too). Records are handled concurrently; the
 * answer names the first failed record, from which Lambda (and the local poller) retries the shard
 * — earlier records are not redone, later ones are, and deliveries are idempotent.
 */
export async function fanOutStreamBatch(event: DynamoDBStreamEvent, log: typeof logger) {
  const handle = async (record: DynamoDBRecord) => {
    if (record.eventName !== 'INSERT') return;
    const inserted = insertedEvent(record.dynamodb);
    if (!inserted) return;
    await fanOutEvent(inserted.apiKey, inserted.event);
    const writtenAt = record.dynamodb?.ApproximateCreationDateTime;
    if (writtenAt !== undefined)
      recordMetric(metricNames.fanOutLag, Date.now() - writtenAt * 1000, 'Milliseconds');
  };
  const outcomes = await Promise.allSettled(event.Records.map(handle));
  const failedIndex = outcomes.findIndex((outcome) => outcome.status === 'rejected');
  if (failedIndex === -1) return { batchItemFailures: [] };
  const failed = outcomes[failedIndex] as PromiseRejectedResult;
  const sequenceNumber = event.Records[failedIndex]?.dynamodb?.SequenceNumber ?? '';
  log.error('event fan-out failed', { sequenceNumber, error: failed.reason as Error });
  return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
}
