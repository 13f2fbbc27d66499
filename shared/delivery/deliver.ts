import { setTimeout as sleep } from 'node:timers/promises';
import { env } from '../config/env';
import type { logger } from '../http/logger';
import { sendToQueue } from '../queues/send';
import { updateEndpoint } from '../webhooks/repository';
import { clearEndpointFailure, recordEndpointFailure, reserveSendSlot } from './endpoint-state';
import { maxResponseBytes, postWebhook, TimeoutError } from './http-post';
import { abandonDelivery, type DeliveryRef, findDelivery, markEnqueued, recordAttempt } from './repository';
import { buildRequest, type OutgoingRequest } from './request';
import { parseRetryAfter, retryDelaySeconds } from './retry-policy';
import type { DeliveryAttempt, DeliveryMessage } from './schemas';
import { ForbiddenTargetError } from './target-guard';

/** An endpoint failing without a success for this long is disabled (addendum §8). */
export const disableAfterFailingMs = 5 * 24 * 60 * 60 * 1000;

/** How far ahead a rate-limited delivery may book a send slot and wait for it in the worker. */
const slotHorizonMs = 2000;

/**
 * A send slot is used only this soon after its time; a later one is given up and another booked.
 * Generous because a busy consumer wakes from its sleep late: at 25 ms, a loaded machine missed
 * most slots and the endpoint's deliveries crawled (each missed slot is lost capacity).
 */
const slotLatenessMs = 100;

/**
 * Spacing of rate-limited sends. Sends happen within `slotLatenessMs` after their slots, so any
 * one-second window holds at most floor((1000 + lateness) / interval) + 1 sends; spacing by
 * (1000 + 2 × lateness) / rateLimit keeps that at `rateLimit`, with margin for network jitter.
 */
export const sendIntervalMs = (rateLimit: number) => (1000 + 2 * slotLatenessMs) / rateLimit;

/** A queue message arriving this early (SQS delays are whole seconds) is still on time. */
const earlinessToleranceMs = 1000;

type Log = typeof logger;

const refOf = (message: DeliveryMessage): DeliveryRef => ({
  apiKey: message.apiKey,
  targetId: message.targetId,
  eventTimestamp: message.eventTimestamp,
  eventId: message.eventId,
});

/** Sends the message for an attempt, delayed until `dueAt` (chained past SQS's 15 minutes by the worker). */
function enqueue(message: DeliveryMessage, dueAt: number, now: number): Promise<void> {
  return sendToQueue('webhook-delivery', message, Math.max(0, (dueAt - now) / 1000));
}

/** One HTTP attempt; never throws: every outcome is recorded. */
async function attempt(request: OutgoingRequest, number: number) {
  const at = Date.now();
  const record = (outcome: DeliveryAttempt['outcome'], statusCode: number | null, response: string) => ({
    attempt: number,
    at,
    durationMs: Date.now() - at,
    outcome,
    statusCode,
    response: response.slice(0, maxResponseBytes),
  });
  try {
    const answer = await postWebhook(request.url, request.body, request.headers, env().WEBHOOK_TIMEOUT_MS);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    const retryAfter = answer.headers['retry-after'];
    return {
      record: record(ok ? 'success' : 'failure', answer.statusCode, answer.body),
      retryAfterSeconds: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter),
    };
  } catch (error) {
    const outcome =
      error instanceof TimeoutError ? 'timeout' : error instanceof ForbiddenTargetError ? 'refused' : 'error';
    return { record: record(outcome, null, (error as Error).message), retryAfterSeconds: undefined };
  }
}

/** Tracks endpoint health: success clears the failing streak; 5 days of failures disable the endpoint. */
async function updateHealth(apiKey: string, endpointId: string, success: boolean, now: number, log: Log) {
  if (success) return clearEndpointFailure(apiKey, endpointId);
  const failingSince = await recordEndpointFailure(apiKey, endpointId, now);
  if (now - failingSince >= disableAfterFailingMs) {
    await updateEndpoint(apiKey, endpointId, { disabled: true, updatedAt: now });
    log.warn('endpoint disabled after failing for 5 days', { endpointId });
  }
}

/**
 * Books a send slot of a rate-limited endpoint and sleeps until it (times are taken fresh for every
 * booking: a stale clock would book slots in the past and let a burst through). Returns undefined
 * when it is time to send, or when to come back if no slot is free soon.
 */
async function waitForSendSlot(
  apiKey: string,
  endpointId: string,
  rateLimit: number,
): Promise<number | undefined> {
  for (;;) {
    const now = Date.now();
    const slot = await reserveSendSlot(apiKey, endpointId, sendIntervalMs(rateLimit), now, slotHorizonMs);
    if ('retryAt' in slot) return Math.max(slot.retryAt, now + 1000);
    await sleep(Math.max(0, slot.at - Date.now()));
    if (Date.now() - slot.at <= slotLatenessMs) return undefined;
  }
}

/**
 * Handles one webhook-delivery message (idempotent; SQS delivers at least once):
 * - a delivery that is done, or a message for an attempt already made, is dropped (a redelivered
 *   message whose successor may not have been sent sends it again);
 * - a message that arrives before its attempt is due (a chained long delay) is re-sent delayed;
 * - a target that no longer takes deliveries dead-letters the delivery with the reason;
 * - a rate-limited endpoint without a free send slot soon re-sends the message with a delay: no
 *   attempt is counted and the old message is deleted (the handler returns normally);
 * - otherwise the POST is made, the attempt recorded (conditionally, so racing duplicates record
 *   once) and the next attempt scheduled per the retry policy, or the delivery dead-lettered.
 */
export async function processDelivery(message: DeliveryMessage, log: Log): Promise<void> {
  const ref = refOf(message);
  const now = Date.now();
  const delivery = await findDelivery(ref);
  if (delivery?.status !== 'pending') return;
  if (delivery.attemptCount >= message.attempt) {
    const next = message.attempt + 1;
    if (delivery.attemptCount === message.attempt && delivery.enqueuedAttempt < next) {
      await enqueue({ ...message, attempt: next }, delivery.nextAttemptAt, now);
      await markEnqueued(ref, next);
    }
    return;
  }
  if (delivery.nextAttemptAt > now + earlinessToleranceMs)
    return enqueue(message, delivery.nextAttemptAt, now);

  const request = await buildRequest(message.apiKey, delivery.event, delivery.targetId, now);
  if ('unavailable' in request) {
    log.info('delivery abandoned', { targetId: delivery.targetId, reason: request.unavailable });
    return abandonDelivery(ref, request.unavailable, now);
  }
  if (request.rateLimit !== null && request.endpointId !== undefined) {
    const waitUntil = await waitForSendSlot(message.apiKey, request.endpointId, request.rateLimit);
    if (waitUntil !== undefined) return enqueue(message, waitUntil, Date.now());
  }

  const { record, retryAfterSeconds } = await attempt(request, message.attempt);
  const finishedAt = Date.now();
  const success = record.outcome === 'success';
  const delaySeconds = success
    ? undefined
    : retryDelaySeconds(
        { schedule: env().WEBHOOK_RETRY_SCHEDULE, minBackoffSeconds: env().WEBHOOK_MIN_BACKOFF_SECONDS },
        {
          attempt: message.attempt - delivery.attemptBase,
          outcome: record.outcome,
          statusCode: record.statusCode,
          retryAfterSeconds,
        },
      );
  const nextAttemptAt = finishedAt + (delaySeconds ?? 0) * 1000;
  const status = success ? 'succeeded' : delaySeconds === undefined ? 'dead' : 'pending';
  if (!(await recordAttempt(ref, delivery, { attempt: record, status, nextAttemptAt }, finishedAt))) return;
  if (request.endpointId !== undefined)
    await updateHealth(message.apiKey, request.endpointId, success, finishedAt, log);
  if (status === 'pending') {
    await enqueue({ ...message, attempt: message.attempt + 1 }, nextAttemptAt, finishedAt);
    await markEnqueued(ref, message.attempt + 1);
  }
}
