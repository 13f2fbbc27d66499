import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { queryPage, withoutKeys } from '../db/query-page';
import { type DeliveryAttempt, type DeliveryRecord, deliveryRecord, type TargetId } from './schemas';

/** Attempts kept on a delivery (the newest): replays add attempts, the item must stay small. */
const maxStoredAttempts = 30;

/** Where a delivery item lives: its target and its event. */
export interface DeliveryRef {
  apiKey: string;
  targetId: TargetId;
  eventTimestamp: number;
  eventId: string;
}

const keyOf = (ref: DeliveryRef) =>
  keys.webhookDelivery(ref.apiKey, ref.targetId, ref.eventTimestamp, ref.eventId);
const toRecord = (item: Record<string, unknown>) => deliveryRecord.parse(withoutKeys(item));

async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Stores a new delivery unless it exists (fan-out replays of a stream record are harmless).
 * Returns the stored record: the new one, or the one written before.
 */
export async function insertDelivery(apiKey: string, record: DeliveryRecord): Promise<DeliveryRecord> {
  const ref = {
    apiKey,
    targetId: record.targetId,
    eventTimestamp: record.event.timestamp,
    eventId: record.event.id,
  };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keyOf(ref), entity: 'webhookDelivery', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return record;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException && error.Item) {
      return (await findDelivery(ref)) ?? record;
    }
    throw error;
  }
}

/** One delivery (strongly consistent), or undefined. */
export async function findDelivery(ref: DeliveryRef): Promise<DeliveryRecord | undefined> {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: keyOf(ref), ConsistentRead: true }),
  );
  return output.Item ? toRecord(output.Item) : undefined;
}

/** What an attempt changes on its delivery. */
export interface AttemptResult {
  attempt: DeliveryAttempt;
  status: DeliveryRecord['status'];
  nextAttemptAt: number;
}

/**
 * Records an attempt on the delivery as it was read (`attemptCount` unchanged and still pending),
 * so of two consumers racing on duplicate messages only one records and schedules the next attempt.
 * Returns false when the delivery moved on meanwhile.
 */
export function recordAttempt(ref: DeliveryRef, read: DeliveryRecord, result: AttemptResult, now: number) {
  return conditionally(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(ref),
        UpdateExpression:
          'SET attempts = :attempts, attemptCount = :count, #status = :status, nextAttemptAt = :next, updatedAt = :now',
        ConditionExpression: 'attemptCount = :read AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':attempts': [...read.attempts, result.attempt].slice(-maxStoredAttempts),
          ':count': read.attemptCount + 1,
          ':status': result.status,
          ':next': result.nextAttemptAt,
          ':now': now,
          ':read': read.attemptCount,
          ':pending': 'pending',
        },
      }),
    ),
  );
}

/** Notes that the queue message for `attempt` was sent (so a redelivered message does not resend it). */
export async function markEnqueued(ref: DeliveryRef, attempt: number): Promise<void> {
  await conditionally(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(ref),
        UpdateExpression: 'SET enqueuedAttempt = :attempt',
        ConditionExpression: 'enqueuedAttempt < :attempt',
        ExpressionAttributeValues: { ':attempt': attempt },
      }),
    ),
  );
}

/** Dead-letters a pending delivery without further attempts (its endpoint is gone or disabled). */
export async function abandonDelivery(ref: DeliveryRef, reason: string, now: number): Promise<void> {
  await conditionally(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(ref),
        UpdateExpression: 'SET #status = :dead, reason = :reason, updatedAt = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':dead': 'dead', ':pending': 'pending', ':reason': reason, ':now': now },
      }),
    ),
  );
}

/**
 * Puts a dead delivery back to pending with a fresh retry schedule, and marks the next attempt as
 * enqueued (the caller sends its message). Returns the updated record, or undefined unless it was dead.
 */
export async function reviveDelivery(ref: DeliveryRef, now: number): Promise<DeliveryRecord | undefined> {
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(ref),
        UpdateExpression:
          'SET #status = :pending, attemptBase = attemptCount, enqueuedAttempt = attemptCount + :one, nextAttemptAt = :now, updatedAt = :now REMOVE reason',
        ConditionExpression: '#status = :dead',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':dead': 'dead', ':one': 1, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(output.Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** One page of a target's deliveries, newest first (one Query). */
export async function listDeliveries(
  apiKey: string,
  targetId: TargetId,
  limit: number,
  startKey: Record<string, unknown> | undefined,
) {
  const page = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.webhookDeliveryPartition(apiKey, targetId) },
      ScanIndexForward: false,
    },
    limit,
    startKey,
  );
  return { deliveries: page.items.map(toRecord), nextKey: page.nextKey };
}
