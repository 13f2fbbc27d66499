import { defineQueueWorker } from '../../shared/queues/define-worker';
import { processDelivery } from '../../shared/webhooks/delivery/attempt';
import { readTargetsOf } from '../../shared/webhooks/delivery/target-reads';
import { deliveryMessage } from '../../shared/webhooks/message-schemas';

/** Webhook-delivery queue consumer: one HTTP attempt per message, retries scheduled on the queue. */
export const handler = defineQueueWorker({
  queue: 'webhook-delivery',
  message: deliveryMessage,
  batch: readTargetsOf,
  run: (message, { log, batch }) => processDelivery(message, batch, log),
});
