/**
 * The SQS queues of the service, by name: the route table declares which a route sends to, the
 * queue definitions (shared/queues/queues.ts) give each one its settings, the stack creates them.
 */
export type QueueName = 'webhook-delivery' | 'document-migration' | 'stream-failures';
