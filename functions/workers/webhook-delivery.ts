import { defineQueueWorker } from '../../shared/queues/define-worker';
import { processAttemptTask } from '../../shared/webhooks/delivery/attempt';
import { processManualAttempt } from '../../shared/webhooks/delivery/manual-attempt';
import { readTargetsOf } from '../../shared/webhooks/delivery/target-reads';
import { attemptTask } from '../../shared/webhooks/message-schemas';
import { withBatchCounts } from '../../shared/webhooks/stats-repository';

/**
 * Webhook-delivery queue consumer: one HTTP attempt per attempt task, retries scheduled on the
 * queue; a resend's task makes a manual attempt. The batch's message counts are written once, at
 * its end.
 */
export const handler = defineQueueWorker({
  queue: 'webhook-delivery',
  message: attemptTask,
  batch: readTargetsOf,
  around: withBatchCounts,
  run: (task, { log, batch }) =>
    task.manual ? processManualAttempt(task, batch, log) : processAttemptTask(task, batch, log),
});
