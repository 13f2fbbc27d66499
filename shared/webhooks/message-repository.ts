import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { env } from '../config/env';
import { inTable, type TransactItem, transactWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { dueIndexKeys } from '../db/entities/lifecycle';
import { keys } from '../db/keys';
import { queryPage, withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import { logEventOf } from './message-log-schemas';
import {
  type AttemptRecord,
  endpointIdOf,
  type MessageRecord,
  type MessageRef,
  messageRecord,
  type TargetId,
} from './message-schemas';
import { longestRetentionCutoff, messageTtl } from './retention';
import { countStatusChange, statsStatusOf } from './stats-repository';

/** Attempts kept on a message (the newest): replays add attempts, the item must stay small. */
export const maxStoredAttempts = 30;

/** The key of the message a ref locates. */
export const messageKey = (ref: MessageRef) =>
  keys.webhookDelivery(ref.apiKey, ref.targetId, ref.eventTimestamp, ref.eventId);

/**
 * The due-index attributes of a pending message (shared/reconcile): due at its next attempt, plus
 * the reconciler's grace when an attempt task for it is on its way (only a lost task makes it
 * overdue then). A message that is done leaves the index.
 */
const dueAt = (ref: MessageRef, nextAttemptAt: number, taskSent: boolean) =>
  dueIndexKeys(messageKey(ref), nextAttemptAt + (taskSent ? env().RECONCILE_GRACE_SECONDS * 1000 : 0));

/** The message a stored item locates (its API key is stored on it for the reconciler). */
export const refOfItem = (item: Record<string, unknown>, record: MessageRecord): MessageRef => ({
  apiKey: String(item.apiKey),
  targetId: record.targetId,
  eventTimestamp: record.event.timestamp,
  eventId: record.event.id,
});
/** The message a stored item holds. */
export const messageFromItem = (item: Record<string, unknown>) => messageRecord.parse(withoutKeys(item));

async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

const refOfRecord = (apiKey: string, record: MessageRecord): MessageRef => ({
  apiKey,
  targetId: record.targetId,
  eventTimestamp: record.event.timestamp,
  eventId: record.event.id,
});

/**
 * A new message's item, due (in the reconciler's index) once its first attempt task could be lost.
 * A message to an endpoint is also in its API key's message log (gsi9), with what the log shows of
 * its event and filters on (`logEvent`, a few dozen bytes of the event); every message expires
 * `retentionDays` after its event.
 */
function messageItem(apiKey: string, record: MessageRecord, retentionDays: number) {
  const ref = refOfRecord(apiKey, record);
  const endpointId = endpointIdOf(record.targetId);
  const { event } = record;
  return {
    ...messageKey(ref),
    ...dueAt(ref, record.nextAttemptAt, true),
    ...(endpointId !== undefined && {
      ...keys.webhookMessageLog(apiKey, event.timestamp, event.id, endpointId),
      logEvent: logEventOf(event),
    }),
    entity: entities.webhookDelivery.name,
    apiKey,
    ...record,
    ttl: messageTtl(event.timestamp, retentionDays),
  };
}

/** Counts new messages of endpoints in their stats (stats-repository.ts). */
const countNewMessages = (apiKey: string, records: readonly MessageRecord[], now: number) =>
  Promise.all(
    records.map((record) =>
      countStatusChange(apiKey, record.targetId, record.event.timestamp, undefined, 'pending', now),
    ),
  );

/**
 * Stores a new message unless it exists (fan-out replays of a stream record are harmless), kept
 * `retentionDays`. Returns the stored record: the new one, or the one written before.
 */
export async function insertMessage(
  apiKey: string,
  record: MessageRecord,
  retentionDays: number,
): Promise<MessageRecord> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: messageItem(apiKey, record, retentionDays),
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    await countNewMessages(apiKey, [record], record.createdAt);
    return record;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException && error.Item) {
      return (await findMessage(refOfRecord(apiKey, record))) ?? record;
    }
    throw error;
  }
}

/**
 * Stores an event's new messages and `alongside` (the outbox event's fanned-out mark) in one
 * transaction, each message on condition that it does not exist: one call instead of one per
 * message. Returns false, writing nothing, when a condition fails (a replayed stream record whose
 * messages exist: the caller takes them one by one) or the transaction meets a concurrent one.
 */
export async function insertNewMessages(
  apiKey: string,
  records: readonly MessageRecord[],
  retentionDays: number,
  alongside: TransactItem,
): Promise<boolean> {
  try {
    await transactWrite([
      ...records.map((record) => ({
        Put: inTable({
          Item: messageItem(apiKey, record, retentionDays),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      })),
      alongside,
    ]);
    await countNewMessages(apiKey, records, records[0]?.createdAt ?? 0);
    return true;
  } catch (error) {
    if (cancellationReasons(error) !== undefined) return false;
    throw error;
  }
}

/** One message (strongly consistent), or undefined. */
export async function findMessage(ref: MessageRef): Promise<MessageRecord | undefined> {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: messageKey(ref), ConsistentRead: true }),
  );
  return output.Item ? messageFromItem(output.Item) : undefined;
}

/** The outcome of trying to claim an attempt: the claimed message, or the message as it is. */
export type ClaimResult =
  | { claimed: MessageRecord; claimedUntil: number }
  | { current: MessageRecord | undefined; claimedUntil?: number };

/**
 * Claims attempt `attempt` of a pending message for `claimMs` (one conditional write that also
 * reads): only when it is the next attempt, due by `dueBy`, and no other consumer holds a live
 * claim. So of two tasks for one attempt (SQS duplicates, a reconciler's re-send of a late task)
 * only one makes the HTTP request. Otherwise answers the message as it is, to tell why.
 */
export async function claimAttempt(
  ref: MessageRef,
  attempt: number,
  now: number,
  dueBy: number,
  claimMs: number,
): Promise<ClaimResult> {
  const claimedUntil = now + claimMs;
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: 'SET claimedUntil = :until',
        ConditionExpression:
          '#status = :pending AND attemptCount = :previous AND nextAttemptAt <= :dueBy AND (attribute_not_exists(claimedUntil) OR claimedUntil <= :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':until': claimedUntil,
          ':pending': 'pending',
          ':previous': attempt - 1,
          ':dueBy': dueBy,
          ':now': now,
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: messageFromItem(output.Attributes ?? {}), claimedUntil };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The SDK leaves the item a failed condition saw in DynamoDB's attribute-value form.
    const item = error.Item ? unmarshall(error.Item) : undefined;
    if (!item) return { current: undefined };
    return { current: messageFromItem(item), claimedUntil: Number(item.claimedUntil ?? 0) };
  }
}

/** What an attempt changes on its message. */
export interface AttemptResult {
  attempt: AttemptRecord;
  status: MessageRecord['status'];
  nextAttemptAt: number;
  /** Whether the caller sends the next attempt's task (else the reconciler will, when due). */
  taskSent: boolean;
}

/**
 * Records an attempt on the message under the claim its consumer holds (`attemptCount` unchanged,
 * still pending), releasing the claim; the message's due time moves to its next attempt, or it
 * leaves the due index when done. Returns false when the claim was lost meanwhile.
 */
export async function recordAttempt(
  ref: MessageRef,
  read: MessageRecord,
  claimedUntil: number,
  result: AttemptResult,
  now: number,
): Promise<boolean> {
  const pending = result.status === 'pending';
  const due = dueAt(ref, result.nextAttemptAt, result.taskSent);
  const recorded = await conditionally(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: `SET attempts = :attempts, attemptCount = :count, #status = :status, nextAttemptAt = :next, updatedAt = :now${
          pending ? ', gsi7pk = :duePk, gsi7sk = :dueSk' : ''
        }${pending && result.taskSent ? ', enqueuedAttempt = :count + :one' : ''} REMOVE claimedUntil${
          pending ? '' : ', gsi7pk, gsi7sk'
        }`,
        ConditionExpression: 'attemptCount = :read AND #status = :pending AND claimedUntil = :claim',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':attempts': [...read.attempts, result.attempt].slice(-maxStoredAttempts),
          ':count': read.attemptCount + 1,
          ':status': result.status,
          ':next': result.nextAttemptAt,
          ':now': now,
          ':read': read.attemptCount,
          ':pending': 'pending',
          ':claim': claimedUntil,
          ...(pending && { ':duePk': due.gsi7pk, ':dueSk': due.gsi7sk }),
          ...(pending && result.taskSent && { ':one': 1 }),
        },
      }),
    ),
  );
  if (recorded) {
    const after = { status: result.status, attemptCount: read.attemptCount + 1 };
    await countStatusChange(
      ref.apiKey,
      ref.targetId,
      ref.eventTimestamp,
      statsStatusOf(read),
      statsStatusOf(after),
      now,
    );
  }
  return recorded;
}

/**
 * Gives a claimed attempt back without making it (the rate limit has no send for it soon): the
 * attempt is due at `until`, when the caller's delayed task arrives.
 */
export function deferAttempt(ref: MessageRef, claimedUntil: number, until: number) {
  const due = dueAt(ref, until, true);
  return conditionally(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: 'SET nextAttemptAt = :until, gsi7pk = :duePk, gsi7sk = :dueSk REMOVE claimedUntil',
        ConditionExpression: 'claimedUntil = :claim',
        ExpressionAttributeValues: {
          ':until': until,
          ':claim': claimedUntil,
          ':duePk': due.gsi7pk,
          ':dueSk': due.gsi7sk,
        },
      }),
    ),
  );
}

/**
 * The reconciler's hand-over of an overdue pending message (as read: same attempt count, same due
 * time): its next attempt's task is about to be sent again, so it is due again after the grace.
 * Returns false when the message moved on since it was read.
 */
export function rescheduleOverdue(ref: MessageRef, read: MessageRecord, readDueSk: string, now: number) {
  const due = dueAt(ref, now, true);
  return conditionally(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: 'SET gsi7pk = :duePk, gsi7sk = :dueSk, enqueuedAttempt = :next',
        ConditionExpression: '#status = :pending AND attemptCount = :read AND gsi7sk = :readDue',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':duePk': due.gsi7pk,
          ':dueSk': due.gsi7sk,
          ':next': read.attemptCount + 1,
          ':pending': 'pending',
          ':read': read.attemptCount,
          ':readDue': readDueSk,
        },
      }),
    ),
  );
}

/** Takes a message that is no longer pending out of the due index (a stale index entry). */
export function leaveDueIndex(ref: MessageRef) {
  return conditionally(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: 'REMOVE gsi7pk, gsi7sk',
        ConditionExpression: '#status <> :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    ),
  );
}

/** Dead-letters a pending message without further attempts (its endpoint is gone or disabled). */
export async function abandonMessage(ref: MessageRef, reason: string, now: number): Promise<void> {
  let before: Record<string, unknown> | undefined;
  const abandoned = await conditionally(async () => {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression:
          'SET #status = :dead, reason = :reason, updatedAt = :now REMOVE gsi7pk, gsi7sk, claimedUntil',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':dead': 'dead', ':pending': 'pending', ':reason': reason, ':now': now },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    before = output.Attributes;
  });
  if (abandoned && before) {
    const from = statsStatusOf({ status: 'pending', attemptCount: Number(before.attemptCount ?? 0) });
    await countStatusChange(ref.apiKey, ref.targetId, ref.eventTimestamp, from, 'dead', now);
  }
}

/**
 * Puts a dead message back to pending with a fresh retry schedule, and marks the next attempt as
 * enqueued (the caller sends its task). Returns the updated record, or undefined unless it was dead.
 */
export async function reviveMessage(ref: MessageRef, now: number): Promise<MessageRecord | undefined> {
  const due = dueAt(ref, now, true);
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression:
          'SET #status = :pending, attemptBase = attemptCount, enqueuedAttempt = attemptCount + :one, nextAttemptAt = :now, updatedAt = :now, gsi7pk = :duePk, gsi7sk = :dueSk REMOVE reason, claimedUntil',
        ConditionExpression: '#status = :dead',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':dead': 'dead',
          ':one': 1,
          ':now': now,
          ':duePk': due.gsi7pk,
          ':dueSk': due.gsi7sk,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const revived = messageFromItem(output.Attributes ?? {});
    await countStatusChange(
      ref.apiKey,
      ref.targetId,
      ref.eventTimestamp,
      'dead',
      statsStatusOf(revived),
      now,
    );
    return revived;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * One page of a target's messages, newest first (one Query), none past the longest retention (the
 * caller drops those past its API key's own).
 */
export async function listMessages(
  apiKey: string,
  targetId: TargetId,
  limit: number,
  startKey: Record<string, unknown> | undefined,
  now: number,
) {
  const page = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND sk >= :oldest',
      ExpressionAttributeValues: {
        ':pk': keys.webhookDeliveryPartition(apiKey, targetId),
        ':oldest': keys.eventTimeBound(longestRetentionCutoff(now)),
      },
      ScanIndexForward: false,
    },
    limit,
    startKey,
  );
  return { messages: page.items.map(messageFromItem), nextKey: page.nextKey };
}
