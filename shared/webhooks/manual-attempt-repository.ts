import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { claimMessage, maxStoredAttempts } from './attempt-repository';
import { messageKey } from './message-repository';
import type { AttemptRecord, MessageRecord, MessageRef } from './message-schemas';
import { countStatusChange, statsStatusOf } from './stats-repository';

/**
 * Manual attempts (messages/resend): numbered per message from 1 (`manualRequested` counts the
 * numbers handed out), made by the delivery worker under the same claim as scheduled attempts (one
 * attempt of a message in flight at a time), and recorded once each (`manualDone`, a number set).
 * They leave the retry schedule alone; a success marks the message succeeded.
 */

/**
 * Hands out the next manual attempt's number of a message that exists; undefined when it does not.
 * The caller sends the attempt's task.
 */
export async function requestManualAttempt(ref: MessageRef, now: number): Promise<number | undefined> {
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: 'SET updatedAt = :now ADD manualRequested :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1, ':now': now },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(output.Attributes?.manualRequested);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** A claimed manual attempt, or why there is none: made already (or no message), or another attempt in flight. */
export type ManualClaim = { claimed: MessageRecord; claimedUntil: number } | { done: true } | { busy: true };

/**
 * Claims manual attempt `number` for `claimMs`: only once per number, and only while no attempt of
 * the message is in flight.
 */
export async function claimManualAttempt(
  ref: MessageRef,
  number: number,
  now: number,
  claimMs: number,
): Promise<ManualClaim> {
  const claim = await claimMessage(
    ref,
    {
      expression: 'attribute_exists(pk) AND NOT contains(manualDone, :number)',
      values: { ':number': number },
    },
    now,
    claimMs,
  );
  if ('claimed' in claim) return claim;
  const done = claim.seen?.manualDone as Set<number> | undefined;
  return !claim.seen || done?.has(number) ? { done: true } : { busy: true };
}

/** Gives a claimed manual attempt back unmade (the rate limit has no send for it soon). */
export async function releaseManualClaim(ref: MessageRef, claimedUntil: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: 'REMOVE claimedUntil',
        ConditionExpression: 'claimedUntil = :claim',
        ExpressionAttributeValues: { ':claim': claimedUntil },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Records manual attempt `attempt.attempt` under its claim, releasing it. A success marks the
 * message succeeded (it leaves the due index; a scheduled task still on its way finds it done).
 * Returns false when the claim was lost meanwhile.
 */
export async function recordManualAttempt(
  ref: MessageRef,
  read: MessageRecord,
  claimedUntil: number,
  attempt: AttemptRecord,
  now: number,
): Promise<boolean> {
  const succeeds = attempt.outcome === 'success' && read.status !== 'succeeded';
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(ref),
        UpdateExpression: `SET attempts = :attempts, updatedAt = :now${
          succeeds ? ', #status = :succeeded' : ''
        } ADD manualDone :number, manualCount :one REMOVE claimedUntil${succeeds ? ', gsi7pk, gsi7sk, reason' : ''}`,
        ConditionExpression: 'claimedUntil = :claim',
        ...(succeeds && { ExpressionAttributeNames: { '#status': 'status' } }),
        ExpressionAttributeValues: {
          ':attempts': [...read.attempts, attempt].slice(-maxStoredAttempts),
          ':now': now,
          ':number': new Set([attempt.attempt]),
          ':one': 1,
          ':claim': claimedUntil,
          ...(succeeds && { ':succeeded': 'succeeded' }),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
  if (succeeds)
    await countStatusChange(
      ref.apiKey,
      ref.targetId,
      ref.eventTimestamp,
      statsStatusOf(read),
      'succeeded',
      now,
    );
  return true;
}
