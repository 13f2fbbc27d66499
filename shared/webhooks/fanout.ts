import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, StreamRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import type { logger } from '../core/logger';
import { transactionLimit } from '../db/batch';
import { entities } from '../db/entities';
import { metricNames } from '../observability/metric-names';
import { recordMetric } from '../observability/metrics';
import { sendFirstAttemptTasks } from './attempt-tasks';
import { type PublishedEvent, publishedEvent } from './event-schemas';
import { insertMessage, insertNewMessages } from './message-repository';
import type { MessageRecord, TargetId } from './message-schemas';
import { fannedOutMark, markFannedOut } from './outbox';
import { mentionPuts, profileMentions, writeMentions } from './profile-mention-repository';
import { withBatchCounts } from './stats-repository';
import { readTargetConfig, type TargetConfig, targetsOf } from './targets';

/**
 * The deterministic id of an event's message to a target (stored as `deliveryId`): a replayed stream
 * record finds the same item.
 */
export const deliveryIdOf = (eventId: string, target: TargetId) => `${eventId}:${target}`;

/** A new message, its first attempt due now and its attempt task about to be sent. */
export function newMessage(event: PublishedEvent, targetId: TargetId, now: number): MessageRecord {
  return {
    deliveryId: deliveryIdOf(event.id, targetId),
    targetId,
    event,
    status: 'pending',
    attemptCount: 0,
    attemptBase: 0,
    nextAttemptAt: now,
    enqueuedAttempt: 1,
    manualCount: 0,
    attempts: [],
    createdAt: now,
    updatedAt: now,
  };
}

/** Sends the first attempt tasks of new messages of an event (each carrying only its message's key). */
const sendFirstTasks = (apiKey: string, event: PublishedEvent, messages: readonly MessageRecord[]) =>
  sendFirstAttemptTasks(
    messages.map(({ targetId }) => ({
      apiKey,
      targetId,
      eventTimestamp: event.timestamp,
      eventId: event.id,
    })),
  );

/**
 * Stores an event's messages (kept `retentionDays`) and sends their first attempt tasks. Idempotent:
 * a message that exists with no attempt made yet gets its task again, because the earlier run may
 * have died between the write and the send; a duplicate is dropped by the consumer. Returns the
 * stored messages.
 */
export async function startMessages(
  apiKey: string,
  event: PublishedEvent,
  targets: readonly TargetId[],
  retentionDays: number,
  now = nowMs(),
) {
  const stored = await Promise.all(
    targets.map((targetId) => insertMessage(apiKey, newMessage(event, targetId, now), retentionDays)),
  );
  await sendFirstTasks(
    apiKey,
    event,
    stored.filter((message) => message.status === 'pending' && message.attemptCount === 0),
  );
  return stored;
}

/**
 * Resolves an event's targets under the current configuration (`config`: read once for a stream
 * batch's events of one API key; else read here), starts one message per target, records the
 * profiles the event carries (./profile-mention-repository.ts: a user's erasure finds the messages
 * by them) and marks the outbox event fanned out (it leaves the reconciler's due index). The first
 * time, messages, mentions and mark are one transaction, then the attempt tasks are sent (a crash
 * in between leaves the messages due in the reconciler's index, which sends them). A replay, or
 * more items than one transaction holds, takes the messages one by one, then the mentions, and marks
 * the event after. Idempotent.
 */
export async function fanOutEvent(
  apiKey: string,
  event: PublishedEvent,
  config: Promise<TargetConfig> = readTargetConfig(apiKey),
): Promise<TargetId[]> {
  const read = await config;
  const targets = targetsOf(read, event);
  const retentionDays = read.advanced.messageRetentionDays;
  const now = nowMs();
  const messages = targets.map((targetId) => newMessage(event, targetId, now));
  const mentions = profileMentions(apiKey, event, targets);
  if (
    targets.length > 0 &&
    targets.length + mentions.length < transactionLimit &&
    (await insertNewMessages(apiKey, messages, retentionDays, [
      ...mentionPuts(mentions),
      fannedOutMark(apiKey, event),
    ]))
  ) {
    await sendFirstTasks(apiKey, event, messages);
    return targets;
  }
  await startMessages(apiKey, event, targets, retentionDays, now);
  await writeMentions(mentions);
  await markFannedOut(apiKey, event);
  return targets;
}

const outboxImage = z.extend(publishedEvent, {
  apiKey: z.string(),
  entity: z.literal(entities.outboxEvent.name),
});

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
 * poller does not, so other records are skipped here too). An API key's target configuration is
 * read once per batch (its events are a second or so apart), and its message counts written once at
 * the end (`withBatchCounts`). Records are handled concurrently; the
 * answer names the first failed record, from which Lambda (and the local poller) retries the shard
 * — earlier records are not redone, later ones are, and the fan-out is idempotent.
 */
export async function fanOutStreamBatch(event: DynamoDBStreamEvent, log: typeof logger) {
  const configs = new Map<string, Promise<TargetConfig>>();
  const configOf = (apiKey: string) => {
    let config = configs.get(apiKey);
    if (!config) {
      config = readTargetConfig(apiKey);
      configs.set(apiKey, config);
    }
    return config;
  };
  const handle = async (record: DynamoDBRecord) => {
    if (record.eventName !== 'INSERT') return;
    const inserted = insertedEvent(record.dynamodb);
    if (!inserted) return;
    await fanOutEvent(inserted.apiKey, inserted.event, configOf(inserted.apiKey));
    const writtenAt = record.dynamodb?.ApproximateCreationDateTime;
    if (writtenAt !== undefined)
      recordMetric(metricNames.fanOutLag, nowMs() - writtenAt * 1000, 'Milliseconds');
  };
  const outcomes = await withBatchCounts(() => Promise.allSettled(event.Records.map(handle)));
  const failedIndex = outcomes.findIndex((outcome) => outcome.status === 'rejected');
  if (failedIndex === -1) return { batchItemFailures: [] };
  const failed = outcomes[failedIndex] as PromiseRejectedResult;
  const sequenceNumber = event.Records[failedIndex]?.dynamodb?.SequenceNumber ?? '';
  log.error('event fan-out failed', { sequenceNumber, error: failed.reason as Error });
  return { batchItemFailures: [{ itemIdentifier: sequenceNumber }] };
}
