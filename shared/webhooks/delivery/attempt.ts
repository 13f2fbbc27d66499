import { env } from '../../config/env';
import { nowMs } from '../../core/clock';
import type { logger } from '../../core/logger';
import { metricNames } from '../../observability/metric-names';
import { recordMetric } from '../../observability/metrics';
import { maxDelaySeconds } from '../../queues/send';
import { ForbiddenTargetError, NotSentError, TimeoutError } from '../../security/outbound-http';
import { type ClaimResult, claimAttempt, deferAttempt, recordAttempt } from '../attempt-repository';
import { sendAttemptTask } from '../attempt-tasks';
import { disableFailingEndpoint } from '../endpoint-service';
import { abandonMessage } from '../message-repository';
import { type AttemptRecord, type AttemptTask, endpointIdOf, type MessageRecord } from '../message-schemas';
import { attemptEvents } from '../operational-events';
import { clearEndpointFailure, recordEndpointFailure } from './endpoint-state';
import { maxResponseBytes, postWebhook } from './http-post';
import { buildRequest, type OutgoingRequest } from './request';
import { parseRetryAfter, retryDelaySeconds } from './retry-policy';
import { awaitSendTurn, type SendReceipt } from './send-booker';
import type { EndpointHealth, TargetReads } from './target-reads';

/** An endpoint failing without a success for this long is disabled (addendum §8). */
export const disableAfterFailingMs = 5 * 24 * 60 * 60 * 1000;

/** How far ahead a rate-limited attempt may plan its send and wait for it in the worker. */
const sendHorizonMs = 2000;

/** Plans missed (the worker woke too late) before an attempt task goes back to the queue. */
const maxMissedSends = 3;

/** An attempt task arriving this early (SQS delays are whole seconds) is still on time. */
const earlinessToleranceMs = 1000;

type Log = typeof logger;

/** Sends the task for attempt `attempt` of a message, delayed until `dueAt` (at most SQS's 15 minutes). */
function enqueue(task: AttemptTask, attempt: number, dueAt: number, now: number): Promise<void> {
  return sendAttemptTask(task, attempt, Math.max(0, (dueAt - now) / 1000));
}

/**
 * One HTTP attempt; every outcome of the request is recorded (throws only when booking a
 * rate-limited send fails: nothing was sent). A rate-limited endpoint's send waits,
 * connection open, for its turn (`waitForSend`); when none is free soon, nothing is sent
 * and the answer says when to come back. Scheduled and manual attempts alike.
 */
export async function attempt(
  apiKey: string,
  request: OutgoingRequest,
  number: number,
): Promise<{ record: AttemptRecord; retryAfterSeconds: number | undefined } | { deferUntil: number }> {
  let at = nowMs();
  let deferUntil: number | undefined;
  let gateError: unknown;
  /** Tells the limiter when the request was written (or will not be) and answered. */
  let receipt: SendReceipt | undefined;
  const { rateLimit, endpointId } = request;
  const beforeSend =
    rateLimit !== null && endpointId !== undefined
      ? async () => {
          const turn = await waitForSend(apiKey, endpointId, rateLimit).catch((error: unknown) => {
            gateError = error;
            throw error;
          });
          at = nowMs();
          if ('retryAt' in turn) deferUntil = turn.retryAt;
          else receipt = turn.go;
          return receipt !== undefined;
        }
      : undefined;
  const record = (outcome: AttemptRecord['outcome'], statusCode: number | null, response: string) => ({
    attempt: number,
    at,
    durationMs: nowMs() - at,
    outcome,
    statusCode,
    response: response.slice(0, maxResponseBytes),
  });
  try {
    const answer = await postWebhook(request.url, request.body, request.headers, env().WEBHOOK_TIMEOUT_MS, {
      beforeSend,
      onWritten: () => receipt?.written(),
      onAnswered: () => receipt?.answered(),
    });
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    const retryAfter = answer.headers['retry-after'];
    return {
      record: record(ok ? 'success' : 'failure', answer.statusCode, answer.body),
      retryAfterSeconds: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter),
    };
  } catch (error) {
    if (error instanceof NotSentError && deferUntil !== undefined) return { deferUntil };
    // Our own failure (booking the send), not the receiver's: no attempt is counted, the task is
    // retried, and no internal error text lands in the customer-visible attempt list.
    if (gateError !== undefined) throw gateError;
    const outcome =
      error instanceof TimeoutError ? 'timeout' : error instanceof ForbiddenTargetError ? 'refused' : 'error';
    return { record: record(outcome, null, (error as Error).message), retryAfterSeconds: undefined };
  } finally {
    // A request let through but cut off before it was written counts from now (later than it could
    // have arrived: on the safe side).
    receipt?.written();
  }
}

/**
 * Tracks endpoint health: success clears the failing streak; 5 days of failures disable the endpoint.
 * Writes only a change of what the batch knows (`health`): a streak starts at the first failure
 * after a success and ends at the first success after it. A streak old enough to disable is
 * confirmed by the write first (another process's success may have ended it since the batch read).
 */
export async function updateHealth(
  apiKey: string,
  endpointId: string,
  health: EndpointHealth,
  success: boolean,
  now: number,
  log: Log,
) {
  if (success) {
    if (health.failingSince === undefined) return;
    health.failingSince = undefined;
    return clearEndpointFailure(apiKey, endpointId);
  }
  if (health.failingSince === undefined || now - health.failingSince >= disableAfterFailingMs)
    health.failingSince = await recordEndpointFailure(apiKey, endpointId, now);
  if (
    now - health.failingSince >= disableAfterFailingMs &&
    (await disableFailingEndpoint(apiKey, endpointId))
  ) {
    log.warn('endpoint disabled after failing for 5 days', { endpointId });
    recordMetric(metricNames.autoDisables, 1);
  }
}

/**
 * Waits for the turn of a rate-limited endpoint's send (send-booker.ts): `{ go }` when it may go
 * now, or `{ retryAt }` when to come back if no send fits soon. A send whose plan could not be kept
 * (the worker was descheduled past the tolerance) gives its place back with its next booking.
 */
async function waitForSend(
  apiKey: string,
  endpointId: string,
  rateLimit: number,
): Promise<{ go: SendReceipt } | { retryAt: number }> {
  let missed: number | undefined;
  for (let tries = 0; tries <= maxMissedSends; tries += 1) {
    const turn = await awaitSendTurn(apiKey, endpointId, rateLimit, sendHorizonMs, missed);
    if (!('missed' in turn)) return turn;
    missed = turn.missed;
  }
  return { retryAt: nowMs() + 1000 };
}

/**
 * How long a consumer holds the claim on an attempt: the receiver's timeout plus a rate-limited
 * send's waits, with room to record the outcome.
 */
export const claimMs = () => env().WEBHOOK_TIMEOUT_MS + (maxMissedSends + 1) * sendHorizonMs + 10_000;

/**
 * Why a task found its attempt unclaimable, and what follows: nothing for a message that is
 * done or an attempt already made; for an attempt another consumer holds, the task again once
 * that claim ends (the holder may have died: then this task makes the attempt, else it finds it
 * made); for a task that came early, the task again, delayed, when the wait fits one SQS delay
 * (a longer wait is the reconciler's: it sends the task when due).
 */
async function onUnclaimed(
  claim: Extract<ClaimResult, { current: unknown }>,
  task: AttemptTask,
  now: number,
) {
  const { current, claimedUntil = 0 } = claim;
  if (current?.status !== 'pending' || current.attemptCount !== task.attempt - 1) return;
  const retryAt = Math.max(current.nextAttemptAt, claimedUntil + earlinessToleranceMs);
  const wait = retryAt - now;
  if (wait > 0 && wait <= maxDelaySeconds * 1000) await enqueue(task, task.attempt, retryAt, now);
}

/**
 * The metrics of one recorded attempt: its outcome (`succeeded`, `pending` = a retry is scheduled,
 * `dead`), its latency, a dead letter, and for a success the lag from the event to its delivery.
 */
function recordAttemptMetrics(
  record: AttemptRecord,
  status: 'succeeded' | 'pending' | 'dead',
  lagMs: number,
) {
  recordMetric(metricNames.deliveries, 1, 'Count', { outcome: status });
  recordMetric(metricNames.attemptLatency, record.durationMs, 'Milliseconds');
  if (status === 'dead') recordMetric(metricNames.deadLetters, 1);
  if (status === 'succeeded') recordMetric(metricNames.eventToDeliveryLag, lagMs, 'Milliseconds');
}

/** What is recorded for an attempt whose request could not be built (a poison configuration). */
const unbuildable = (number: number, at: number): AttemptRecord => ({
  attempt: number,
  at,
  durationMs: 0,
  outcome: 'error',
  statusCode: null,
  response: 'the request could not be built from the current configuration (e.g. an unusable encryption key)',
});

/**
 * The operational events a recorded attempt causes (operational-events.ts), for a message to an
 * endpoint; the endpoint's uid comes from the batch's reads (null once it is gone).
 */
async function operationalEventsOf(
  apiKey: string,
  reads: TargetReads,
  message: MessageRecord,
  record: AttemptRecord,
  status: 'succeeded' | 'pending' | 'dead',
) {
  const endpointId = endpointIdOf(message.targetId);
  if (endpointId === undefined) return [];
  const uid = (await reads.endpoint(apiKey, endpointId))?.uid ?? null;
  return attemptEvents(apiKey, { endpointId, uid }, message, record, status);
}

/**
 * Handles one attempt task from the webhook-delivery queue (idempotent; SQS delivers at least once,
 * and the reconciler sends again what looks lost), with the configuration its batch read (`reads`):
 * - the attempt is claimed first (one conditional write that reads the message): a message that is
 *   done, a task for an attempt already made or claimed by another consumer is dropped; one that
 *   came early is re-sent delayed (see `onUnclaimed`);
 * - a target that no longer takes messages dead-letters the message with the reason;
 * - a request that cannot be built (poison) is a failed attempt with a reason, retried on schedule
 *   and dead-lettered at the end, so it can be replayed once the configuration is fixed;
 * - a rate-limited endpoint without a send soon gives the claim back and re-sends the task with
 *   a delay: no attempt is counted and the old task is deleted (the handler returns normally);
 * - otherwise the POST is made, the attempt recorded under the claim and the next one scheduled per
 *   the retry policy (a task when the wait fits one SQS delay, else the reconciler sends it
 *   when due), or the message dead-lettered; the operational events the attempt causes are
 *   written in the same transaction as its record.
 */
export async function processAttemptTask(task: AttemptTask, reads: TargetReads, log: Log): Promise<void> {
  const now = nowMs();
  const claim = await claimAttempt(task, task.attempt, now, now + earlinessToleranceMs, claimMs());
  if ('current' in claim) return onUnclaimed(claim, task, now);
  const { claimed: message, claimedUntil } = claim;

  let request: Awaited<ReturnType<typeof buildRequest>> | undefined;
  try {
    request = await buildRequest(reads, task.apiKey, message.event, message.targetId, now);
  } catch (error) {
    log.error('delivery request could not be built', { targetId: message.targetId, error: error as Error });
  }
  if (request && 'unavailable' in request) {
    log.info('message abandoned', { targetId: message.targetId, reason: request.unavailable });
    recordMetric(metricNames.deliveries, 1, 'Count', { outcome: 'abandoned' });
    return abandonMessage(task, request.unavailable, now);
  }
  const outcome = request
    ? await attempt(task.apiKey, request, task.attempt)
    : { record: unbuildable(task.attempt, now), retryAfterSeconds: undefined };
  if ('deferUntil' in outcome) {
    if (await deferAttempt(task, claimedUntil, outcome.deferUntil))
      await enqueue(task, task.attempt, outcome.deferUntil, nowMs());
    return;
  }
  const { record, retryAfterSeconds } = outcome;
  const finishedAt = nowMs();
  const success = record.outcome === 'success';
  const delaySeconds = success
    ? undefined
    : retryDelaySeconds(
        { schedule: env().WEBHOOK_RETRY_SCHEDULE, minBackoffSeconds: env().WEBHOOK_MIN_BACKOFF_SECONDS },
        {
          attempt: task.attempt - message.attemptBase,
          outcome: record.outcome,
          statusCode: record.statusCode,
          retryAfterSeconds,
        },
      );
  const nextAttemptAt = finishedAt + (delaySeconds ?? 0) * 1000;
  const status = success ? 'succeeded' : delaySeconds === undefined ? 'dead' : 'pending';
  const taskSent = status === 'pending' && (delaySeconds ?? 0) <= maxDelaySeconds;
  const result = { attempt: record, status, nextAttemptAt, taskSent } as const;
  const events = await operationalEventsOf(task.apiKey, reads, message, record, status);
  if (!(await recordAttempt(task, message, claimedUntil, result, finishedAt, events))) return;
  recordAttemptMetrics(record, status, finishedAt - task.eventTimestamp);
  const endpointId = request?.endpointId;
  if (endpointId !== undefined) {
    const health = await reads.health(task.apiKey, endpointId);
    await updateHealth(task.apiKey, endpointId, health, success, finishedAt, log);
  }
  if (taskSent) await enqueue(task, task.attempt + 1, nextAttemptAt, finishedAt);
}
