import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type TransactItem, transactIfFirstHolds } from '../db/batch';
import { db, tableName } from '../db/client';
import { conditionally, dueAt, messageFromItem, messageKey } from './message-repository';
import type { AttemptRecord, MessageRecord, MessageRef } from './message-schemas';
import { countStatusChange, statsStatusOf } from './stats-repository';

/**
 * The writes of a message's attempts: claiming one (scheduled or manual, one in flight at a time),
 * recording a scheduled one, deferring it under the rate limit, and the reconciler's hand-over of an
 * overdue one. Manual attempts record through manual-attempt-repository.ts.
 */

/** Attempts kept on a message (the newest): replays and resends add attempts, the item must stay small. */
export const maxStoredAttempts = 30;

/**
 * Claims a message for `claimMs` when `condition` holds and no other consumer holds a live claim:
 * one conditional write that also reads (the message after the claim, or the item as the failed
 * condition saw it). Scheduled and manual attempts claim through it, so one attempt of a message is
 * in flight at a time.
 */
export async function claimMessage(
  ref: MessageRef,
  condition: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
  now: number,
  claimMs: number,
): Promise<{ claimed: MessageRecord; claimedUntil: number } | { seen: Record<string, unknown> | undefined }> {
  const claimedUntil = now + claimMs;
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: 'SET claimedUntil = :until',
        ConditionExpression: `${condition.expression} AND (attribute_not_exists(claimedUntil) OR claimedUntil <= :now)`,
        ...(condition.names && { ExpressionAttributeNames: condition.names }),
        ExpressionAttributeValues: { ...condition.values, ':until': claimedUntil, ':now': now },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: messageFromItem(output.Attributes ?? {}), claimedUntil };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The SDK leaves the item a failed condition saw in DynamoDB's attribute-value form.
    return { seen: error.Item ? unmarshall(error.Item) : undefined };
  }
}

/** The outcome of trying to claim an attempt: the claimed message, or the message as it is. */
export type ClaimResult =
  | { claimed: MessageRecord; claimedUntil: number }
  | { current: MessageRecord | undefined; claimedUntil?: number };

/**
 * Claims attempt `attempt` of a pending message for `claimMs`: only when it is the next attempt,
 * due by `dueBy`, and no other consumer holds a live claim. So of two tasks for one attempt (SQS
 * duplicates, a reconciler's re-send of a late task) only one makes the HTTP request. Otherwise
 * answers the message as it is, to tell why.
 */
export async function claimAttempt(
  ref: MessageRef,
  attempt: number,
  now: number,
  dueBy: number,
  claimMs: number,
): Promise<ClaimResult> {
  const claim = await claimMessage(
    ref,
    {
      expression: '#status = :pending AND attemptCount = :previous AND nextAttemptAt <= :dueBy',
      names: { '#status': 'status' },
      values: { ':pending': 'pending', ':previous': attempt - 1, ':dueBy': dueBy },
    },
    now,
    claimMs,
  );
  if ('claimed' in claim) return claim;
  if (!claim.seen) return { current: undefined };
  return { current: messageFromItem(claim.seen), claimedUntil: Number(claim.seen.claimedUntil ?? 0) };
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
 * leaves the due index when done; `alongside` (the events it causes) in the same transaction.
 * Returns false when the claim was lost meanwhile.
 */
export async function recordAttempt(
  ref: MessageRef,
  read: MessageRecord,
  claimedUntil: number,
  result: AttemptResult,
  now: number,
  alongside: readonly TransactItem[] = [],
): Promise<boolean> {
  const pending = result.status === 'pending';
  const due = dueAt(ref, result.nextAttemptAt, result.taskSent);
  const update = {
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
  };
  const recorded =
    alongside.length === 0
      ? await conditionally(() => db().send(new UpdateCommand(update)))
      : await transactIfFirstHolds([{ Update: update }, ...alongside]);
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
