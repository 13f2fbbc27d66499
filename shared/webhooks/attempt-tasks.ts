import { sendBatchToQueue, sendToQueue } from '../queues/send';
import type { AttemptTask, MessageRef } from './message-schemas';

/** The task for attempt `attempt` of the message at `ref` (only the ref's fields travel). */
const attemptTaskOf = (ref: MessageRef, attempt: number): AttemptTask => ({
  apiKey: ref.apiKey,
  targetId: ref.targetId,
  eventTimestamp: ref.eventTimestamp,
  eventId: ref.eventId,
  attempt,
});

/**
 * Sends the task for attempt `attempt` of a message to the webhook-delivery queue, delayed by
 * `delaySeconds` (capped at SQS's 15 minutes; longer waits are the reconciler's).
 */
export const sendAttemptTask = (ref: MessageRef, attempt: number, delaySeconds = 0): Promise<void> =>
  sendToQueue('webhook-delivery', attemptTaskOf(ref, attempt), delaySeconds);

/**
 * Sends the task for manual attempt `number` of a message (messages/resend), delayed by
 * `delaySeconds` while another attempt holds the message or the rate limit has no send for it yet.
 */
export const sendManualAttemptTask = (ref: MessageRef, number: number, delaySeconds = 0): Promise<void> =>
  sendToQueue('webhook-delivery', { ...attemptTaskOf(ref, number), manual: true }, delaySeconds);

/** Sends attempt tasks of many messages (each its message's next attempt), ten per SendMessageBatch. */
export const sendAttemptTasks = (tasks: readonly { ref: MessageRef; attempt: number }[]): Promise<void> =>
  sendBatchToQueue(
    'webhook-delivery',
    tasks.map(({ ref, attempt }) => attemptTaskOf(ref, attempt)),
  );

/** Sends the first attempt tasks of new messages. */
export const sendFirstAttemptTasks = (refs: readonly MessageRef[]): Promise<void> =>
  sendAttemptTasks(refs.map((ref) => ({ ref, attempt: 1 })));
