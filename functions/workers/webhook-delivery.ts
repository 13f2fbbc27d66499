import { processDelivery } from '../../shared/delivery/deliver';
import { deliveryMessage } from '../../shared/delivery/schemas';
import { readTargetsOf } from '../../shared/delivery/target-reads';
import { defineQueueWorker } from '../../shared/queues/define-worker';

/** Webhook-delivery queue consumer: one HTTP attempt per message, retries scheduled on the queue. */
export const handler = defineQueueWorker({
  queue: 'webhook-delivery',
  message: deliveryMessage,
  batch: readTargetsOf,
  run: (message, { log, batch }) => processDelivery(message, batch, log),
});
