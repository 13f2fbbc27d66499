import { nowMs } from '../../core/clock';
import type { logger } from '../../core/logger';
import { sendManualAttemptTask } from '../attempt-tasks';
import { claimManualAttempt, recordManualAttempt, releaseManualClaim } from '../manual-attempt-repository';
import type { AttemptRecord, AttemptTask } from '../message-schemas';
import { attempt, claimMs, updateHealth } from './attempt';
import { buildRequest } from './request';
import type { TargetReads } from './target-reads';

/**
 * A manual attempt's task that finds another attempt of its message in flight comes back this much
 * later (claims are held for the longest an attempt may take, most end far sooner).
 */
const busyRetryMs = 1000;

const delaySecondsUntil = (time: number, now: number) => Math.max(0, (time - now) / 1000);

/**
 * Handles the task of a manual attempt (messages/resend), idempotently: the attempt is claimed once
 * per number, while no other attempt of the message is in flight (else the task comes back a second
 * later), then made like a scheduled one — the request built from the configuration
 * now, the endpoint's rate limit, the same `webhook-id` — and recorded as `manual`. It changes
 * nothing of the retry schedule; a success marks the message succeeded and counts for the
 * endpoint's health. A target that takes no messages now gets an `error` attempt with the reason.
 */
export async function processManualAttempt(
  task: AttemptTask,
  reads: TargetReads,
  log: typeof logger,
): Promise<void> {
  const now = nowMs();
  const claim = await claimManualAttempt(task, task.attempt, now, claimMs());
  if ('done' in claim) return;
  if ('busy' in claim) {
    await sendManualAttemptTask(task, task.attempt, busyRetryMs / 1000);
    return;
  }
  const { claimed: message, claimedUntil } = claim;
  const request = await buildRequest(reads, task.apiKey, message.event, message.targetId, now).catch(
    (error: unknown) => {
      log.error('delivery request could not be built', { targetId: message.targetId, error: error as Error });
      return { unavailable: 'the request could not be built from the current configuration' };
    },
  );
  const made =
    'unavailable' in request
      ? { record: notSent(task.attempt, now, request.unavailable) }
      : await attempt(task.apiKey, request, task.attempt);
  if ('deferUntil' in made) {
    await releaseManualClaim(task, claimedUntil);
    await sendManualAttemptTask(task, task.attempt, delaySecondsUntil(made.deferUntil, nowMs()));
    return;
  }
  const record: AttemptRecord = { ...made.record, trigger: 'manual' };
  const finishedAt = nowMs();
  if (!(await recordManualAttempt(task, message, claimedUntil, record, finishedAt))) return;
  const endpointId = 'unavailable' in request ? undefined : request.endpointId;
  if (endpointId !== undefined) {
    const health = await reads.health(task.apiKey, endpointId);
    await updateHealth(task.apiKey, endpointId, health, record.outcome === 'success', finishedAt, log);
  }
}

/** What is recorded for a manual attempt whose target takes no messages now. */
const notSent = (number: number, at: number, reason: string): AttemptRecord => ({
  attempt: number,
  at,
  durationMs: 0,
  outcome: 'error',
  statusCode: null,
  response: `not sent: ${reason}`,
});
