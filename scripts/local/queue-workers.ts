import { resolve } from 'node:path';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { withoutSdkLogging } from '../../shared/core/sdk-client';
import { type QueueDefinition, queueDefinitions, workerTimeoutSeconds } from '../../shared/queues/queues';
import { lambdaContext, toSqsRecord } from './lambda-adapter';

type WorkerHandler = (
  event: SQSEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<SQSBatchResponse>;

export interface QueueWorkers {
  stop(): Promise<void>;
}

/** Loads a queue's consumer module from the path its definition names. */
async function loadConsumer(definition: QueueDefinition): Promise<WorkerHandler> {
  const module = (await import(resolve(process.cwd(), definition.consumer as string))) as {
    handler: WorkerHandler;
  };
  return module.handler;
}

/**
 * Pollers per queue in the local stack, as an SQS event source starts with several concurrent
 * batches (five in AWS). One poller would hold every message behind the slowest of its batch: a
 * rate-limited endpoint's batch waits for its planned sends, and the next batch only starts after.
 */
export const localPollersPerQueue = 4;

export interface QueueWorkerOptions {
  endpoint: string;
  queueUrls: Record<string, string>;
  /**
   * Long-polling loops per queue, each with one batch in work (default 1). An SQS event source
   * polls with several at once (five to begin with) and runs a Lambda per batch.
   */
  pollersPerQueue?: number;
}

/**
 * The local stand-in for SQS event sources: long-polling loops per consumed queue that hand
 * batches, as Lambda's SQS event, to the same worker handler, and delete what the partial batch
 * response does not list as failed (failed messages reappear after their visibility timeout, and
 * go to the dead-letter queue after `maxReceiveCount` receives, as in AWS).
 */
export function startQueueWorkers(
  options: QueueWorkerOptions,
  definitions: readonly QueueDefinition[] = queueDefinitions,
  load: (definition: QueueDefinition) => Promise<WorkerHandler> = loadConsumer,
): QueueWorkers {
  const sqs = withoutSdkLogging(
    new SQSClient({ endpoint: options.endpoint, region: process.env.AWS_REGION ?? 'us-east-1' }),
  );
  let running = true;
  const pollers = Math.max(1, options.pollersPerQueue ?? 1);
  const loops = definitions
    .filter((definition) => definition.consumer)
    .flatMap((definition) => {
      const handler = load(definition);
      return Array.from({ length: pollers }, () => ({ definition, handler }));
    })
    .map(async ({ definition, handler: loading }) => {
      const handler = await loading;
      const queueUrl = options.queueUrls[definition.name] as string;
      while (running) {
        try {
          const { Messages = [] } = await sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: queueUrl,
              MaxNumberOfMessages: Math.min(10, definition.batchSize ?? 10),
              WaitTimeSeconds: 1,
              MessageSystemAttributeNames: ['All'],
            }),
          );
          if (Messages.length === 0) continue;
          const event: SQSEvent = {
            Records: Messages.map((message) => toSqsRecord(message, definition.name)),
          };
          const context = lambdaContext(`worker-${definition.name}`, workerTimeoutSeconds(definition) * 1000);
          const response = await handler(event, context).catch(() => ({
            batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })),
          }));
          const failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
          const done = Messages.filter((message) => !failed.has(message.MessageId as string));
          if (done.length > 0) {
            await sqs.send(
              new DeleteMessageBatchCommand({
                QueueUrl: queueUrl,
                Entries: done.map((message, index) => ({
                  Id: String(index),
                  ReceiptHandle: message.ReceiptHandle,
                })),
              }),
            );
          }
        } catch (error) {
          if (running) console.error(`queue worker ${definition.name}:`, error);
          await new Promise((pause) => setTimeout(pause, 200));
        }
      }
    });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      sqs.destroy();
    },
  };
}
