import type { QueueName } from '../core/queue-names';

/** A queue of the system, created by the CDK stack and, locally, in the SQS emulator. */
export interface QueueDefinition {
  readonly name: QueueName;
  /** How long its consumer may run (the worker function's timeout); the visibility timeout is 6×. */
  readonly consumerTimeoutSeconds: number;
  /** Receives after which a message the consumer cannot process moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /**
   * The worker that consumes the queue (`functions/workers/<name>.ts`, exporting `handler` built
   * with `defineQueueWorker`): an SQS event source in the stack, a poller in the local stack.
   */
  readonly consumer?: string;
  /** Other queues its consumer sends to (its own it always may). */
  readonly sendsTo?: readonly QueueName[];
  /** Messages per worker invocation (SQS event source `batchSize`). */
  readonly batchSize?: number;
  /**
   * Whether its consumer closes realtime connections (an erasure's or a migration's, addendum §9):
   * the worker gets the WebSocket API's management endpoint and may manage its connections.
   */
  readonly realtime?: boolean;
}

/**
 * Every queue, declared once. Webhook delivery (issue 6) consumes `webhook-delivery`; document
 * migration (issue 5) consumes `document-migration`; `stream-failures` receives the descriptions of
 * table-stream batches the fan-out gave up on, and the reconciler reads it.
 */
export const queueDefinitions: readonly QueueDefinition[] = [
  {
    name: 'webhook-delivery',
    // An attempt takes at most 15 s (addendum §8) plus a rate-limited send's wait.
    consumerTimeoutSeconds: 60,
    maxReceiveCount: 5,
    consumer: 'functions/workers/webhook-delivery.ts',
    // Records of a batch are sent concurrently; five keeps one slow receiver from holding many, and
    // the CPU burst of a batch's start short (a burst delays the planned sends of other batches).
    batchSize: 5,
  },
  {
    name: 'document-migration',
    // The worker hands over to a new message after its time budget (5 minutes), well within this.
    consumerTimeoutSeconds: 600,
    maxReceiveCount: 5,
    consumer: 'functions/workers/document-migration.ts',
    // One migration per invocation: each is a long sequence of batches.
    batchSize: 1,
    // A webhook recover task sends the attempt tasks of the messages it revives.
    sendsTo: ['webhook-delivery'],
    // Erasures close the deleted scopes' and the erased user's connections (4404, 4403); a
    // migration closes those of its source document made while it ran.
    realtime: true,
  },
  {
    name: 'stream-failures',
    // Read by the reconciler (functions/workers/reconciler.ts), whose timeout this is.
    consumerTimeoutSeconds: 60,
    maxReceiveCount: 5,
  },
];

/** How long a queue's worker may run (the stack's function timeout; the local poller's context). */
export const workerTimeoutSeconds = (definition: Pick<QueueDefinition, 'consumerTimeoutSeconds'>) =>
  definition.consumerTimeoutSeconds;

/**
 * A queue's visibility timeout: six times its consumer's timeout, as AWS advises for SQS event
 * sources, so a message is not received again while a (retried, throttled) invocation still works on it.
 */
export const visibilityTimeoutSeconds = (definition: Pick<QueueDefinition, 'consumerTimeoutSeconds'>) =>
  6 * definition.consumerTimeoutSeconds;

/** Name of a queue's dead-letter queue. */
export const deadLetterQueueName = (name: QueueName) => `${name}-dlq`;

/** The environment variable carrying a queue's URL: `webhook-delivery` → `QUEUE_URL_WEBHOOK_DELIVERY`. */
export function queueUrlEnvName(name: QueueName): string {
  return `QUEUE_URL_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}
