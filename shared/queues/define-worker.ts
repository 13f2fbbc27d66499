import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { logger } from '../http/logger';
import type { QueueName } from '../http/routes';
import { keyringLoader } from '../security/keyring-middleware';

/** What a worker's `run` receives besides the message. */
export interface WorkerContext {
  messageId: string;
  /** 1 on the first delivery of the message; SQS counts every receive. */
  receiveCount: number;
  log: typeof logger;
}

export interface WorkerDefinition<Schema extends z.ZodType> {
  queue: QueueName;
  /** Schema of the message body (JSON). */
  message: Schema;
  /** Handles one message; throwing leaves the message on the queue to be retried (then dead-lettered). */
  run: (message: z.output<Schema>, context: WorkerContext) => Promise<void>;
}

/**
 * Builds a queue consumer: the same middy handler for the stack's SQS event source (with partial
 * batch responses) and the local stack's poller. Records are handled concurrently; each failure —
 * a body that is not a valid message, or an error from `run` — is reported alone, so the rest of
 * the batch is deleted and only the failed messages come back.
 */
export function defineQueueWorker<Schema extends z.ZodType>(definition: WorkerDefinition<Schema>) {
  const log = logger.createChild({ persistentKeys: { worker: definition.queue } });
  const handle = async (record: SQSRecord) => {
    const context: WorkerContext = {
      messageId: record.messageId,
      receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
      log,
    };
    const parsed = definition.message.safeParse(JSON.parse(record.body));
    if (!parsed.success) throw new Error(`Invalid ${definition.queue} message: ${parsed.error.message}`);
    await definition.run(parsed.data, context);
  };
  return middy<SQSEvent, SQSBatchResponse>(async (event: SQSEvent) => {
    const outcomes = await Promise.allSettled(event.Records.map(handle));
    const batchItemFailures = outcomes.flatMap((outcome, index) => {
      if (outcome.status === 'fulfilled') return [];
      const record = event.Records[index]!;
      log.error('message failed', { messageId: record.messageId, error: outcome.reason as Error });
      return [{ itemIdentifier: record.messageId }];
    });
    return { batchItemFailures };
  }).use(keyringLoader());
}
