import type { QueueName } from '../http/routes';

/** A queue of the system, created by the CDK stack and, locally, in the SQS emulator. */
export interface QueueDefinition {
  readonly name: QueueName;
  /** Longer than the consumer's timeout, so a message is not received twice while in work. */
  readonly visibilityTimeoutSeconds: number;
  /** Receives after which a message the consumer cannot process moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /**
   * The worker that consumes the queue (`functions/workers/<name>.ts`, exporting `handler` built
   * with `defineQueueWorker`): an SQS event source in the stack, a poller in the local stack.
   */
  readonly consumer?: string;
  /** Messages per worker invocation (SQS event source `batchSize`). */
  readonly batchSize?: number;
}

/**
 * Every queue, declared once. Webhook delivery (issue 6) consumes `webhook-delivery`; document
 * migration (issue 5) consumes `document-migration`.
 */
export const queueDefinitions: readonly QueueDefinition[] = [
  {
    name: 'webhook-delivery',
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 5,
    consumer: 'functions/workers/webhook-delivery.ts',
    // Records of a batch are sent concurrently; five keeps one slow receiver from holding many, and
    // the CPU burst of a batch's start short (a burst delays the planned sends of other batches).
    batchSize: 5,
  },
  {
    name: 'document-migration',
    // The worker runs for at most half of this (lib/queue-workers.ts) and hands over to a new
    // message before its time budget ends, so a long migration never outlives its visibility.
    visibilityTimeoutSeconds: 900,
    maxReceiveCount: 5,
    consumer: 'functions/workers/document-migration.ts',
    // One migration per invocation: each is a long sequence of batches.
    batchSize: 1,
  },
];

/**
 * How long a queue's worker may run: half the visibility timeout (so a message is not received
 * again while in work), at most Lambda's 15 minutes. The stack and the local poller both use it.
 */
export function workerTimeoutSeconds(definition: Pick<QueueDefinition, 'visibilityTimeoutSeconds'>): number {
  return Math.min(900, Math.floor(definition.visibilityTimeoutSeconds / 2));
}

/** Name of a queue's dead-letter queue. */
export const deadLetterQueueName = (name: QueueName) => `${name}-dlq`;

/** The environment variable carrying a queue's URL: `webhook-delivery` → `QUEUE_URL_WEBHOOK_DELIVERY`. */
export function queueUrlEnvName(name: QueueName): string {
  return `QUEUE_URL_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}
