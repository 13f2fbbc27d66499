import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { logger } from '../core/logger';
import '../core/zod-messages';
import type { QueueName } from '../core/queue-names';
import { keyringLoader } from '../security/keyring-middleware';

/** What a worker's `run` receives besides the message; `batch` is shared by the batch's messages. */
export interface WorkerContext<Batch = undefined> {
  messageId: string;
  /** 1 on the first delivery of the message; SQS counts every receive. */
  receiveCount: number;
  log: typeof logger;
  batch: Batch;
}

export interface WorkerDefinition<Schema extends z.ZodMiniType, Batch = undefined> {
  queue: QueueName;
  /** Schema of the message body (JSON). */
  message: Schema;
  /**
   * Made once per batch (one invocation) from its valid messages, before any is handled: what the
   * messages share, e.g. one read of everything they need instead of one per message.
   */
  batch?: (messages: z.output<Schema>[]) => Batch;
  /**
   * Runs around the handling of the batch's messages, e.g. to keep writes they share in memory and
   * make them once at the end.
   */
  around?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Handles one message; throwing leaves the message on the queue to be retried (then dead-lettered). */
  run: (message: z.output<Schema>, context: WorkerContext<Batch>) => Promise<void>;
}

/**
 * Builds a queue consumer: the same middy handler for the stack's SQS event source (with partial
 * batch responses) and the local stack's poller. Records are handled concurrently; each failure —
 * a body that is not a valid message, or an error from `run` — is reported alone, so the rest of
 * the batch is deleted and only the failed messages come back.
 */
export function defineQueueWorker<Schema extends z.ZodMiniType, Batch = undefined>(
  definition: WorkerDefinition<Schema, Batch>,
) {
  const log = logger.createChild({ persistentKeys: { worker: definition.queue } });
  const parse = (record: SQSRecord): { message: z.output<Schema> } | { invalid: Error } => {
    try {
      const parsed = definition.message.safeParse(JSON.parse(record.body));
      if (parsed.success) return { message: parsed.data };
      return { invalid: new Error(`Invalid ${definition.queue} message: ${parsed.error.message}`) };
    } catch (error) {
      return { invalid: error as Error };
    }
  };
  return middy<SQSEvent, SQSBatchResponse>(async (event: SQSEvent) => {
    const parsed = event.Records.map(parse);
    const batch = definition.batch?.(parsed.flatMap((entry) => ('message' in entry ? [entry.message] : [])));
    const handle = async (record: SQSRecord, index: number) => {
      const entry = parsed[index]!;
      if ('invalid' in entry) throw entry.invalid;
      await definition.run(entry.message, {
        messageId: record.messageId,
        receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
        log,
        batch: batch as Batch,
      });
    };
    const handleAll = () => Promise.allSettled(event.Records.map(handle));
    const outcomes = await (definition.around ? definition.around(handleAll) : handleAll());
    const batchItemFailures = outcomes.flatMap((outcome, index) => {
      if (outcome.status === 'fulfilled') return [];
      const record = event.Records[index]!;
      log.error('message failed', { messageId: record.messageId, error: outcome.reason as Error });
      return [{ itemIdentifier: record.messageId }];
    });
    return { batchItemFailures };
  }).use(keyringLoader());
}
