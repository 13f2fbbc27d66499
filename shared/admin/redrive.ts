import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
} from '@aws-sdk/client-sqs';
import type { QueueName } from '../core/queue-names';
import { queueUrl, sqs } from '../queues/send';

/** How a redrive of one dead-letter queue went; reported after each batch and returned at the end. */
export interface RedriveProgress {
  readonly queue: QueueName;
  readonly deadLetterQueueUrl: string;
  moved: number;
  /** Messages the source queue refused (they stay in the dead-letter queue). */
  failed: number;
}

/** How long a received dead letter stays hidden: the redrive sends and deletes it well within. */
const receiveVisibilitySeconds = 60;

/**
 * The URL of a queue's dead-letter queue, from the queue's own redrive policy: the CDK stack names
 * queues itself, and the local stack's emulator gives other URLs, so nothing else knows it.
 */
async function deadLetterQueueUrl(sourceUrl: string): Promise<string> {
  const { Attributes } = await sqs().send(
    new GetQueueAttributesCommand({ QueueUrl: sourceUrl, AttributeNames: ['RedrivePolicy'] }),
  );
  const policy = Attributes?.RedrivePolicy;
  if (!policy) throw new Error(`${sourceUrl} has no dead-letter queue (no RedrivePolicy).`);
  // arn:aws:sqs:<region>:<account>:<name>
  const arn = (JSON.parse(policy) as { deadLetterTargetArn: string }).deadLetterTargetArn.split(':');
  const { QueueUrl } = await sqs().send(
    new GetQueueUrlCommand({ QueueName: arn[5], QueueOwnerAWSAccountId: arn[4] }),
  );
  if (!QueueUrl) throw new Error(`No URL for the dead-letter queue ${arn.join(':')}.`);
  return QueueUrl;
}

/** Sends a batch to the source queue (body and attributes as they were) and deletes what it took. */
async function moveBatch(messages: Message[], sourceUrl: string, progress: RedriveProgress): Promise<void> {
  const sent = await sqs().send(
    new SendMessageBatchCommand({
      QueueUrl: sourceUrl,
      Entries: messages.map((message, index) => ({
        Id: String(index),
        MessageBody: message.Body ?? '',
        MessageAttributes: message.MessageAttributes,
      })),
    }),
  );
  const moved = (sent.Successful ?? []).map((entry) => messages[Number(entry.Id)]!);
  progress.failed += sent.Failed?.length ?? 0;
  if (moved.length === 0) return;
  await sqs().send(
    new DeleteMessageBatchCommand({
      QueueUrl: progress.deadLetterQueueUrl,
      Entries: moved.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle })),
    }),
  );
  progress.moved += moved.length;
}

/**
 * Moves every message of a queue's dead-letter queue back to the queue (`QUEUE_URL_*` names it, as
 * for the functions), ten at a time: receive, send to the source, delete what was sent. A message is
 * sent before it is deleted, so a crash in between delivers it twice, never loses it (every consumer
 * is idempotent). Plain SQS calls, so it works on the local emulator (which has no message-move
 * tasks) as in AWS. Stops when a long poll finds the dead-letter queue empty, or when the source
 * refused a whole batch; calls `onBatch` after each batch. Messages that keep failing return to the dead-letter queue after the source's
 * `maxReceiveCount`.
 */
export async function redriveDeadLetters(
  queue: QueueName,
  onBatch: (progress: RedriveProgress) => void = () => {},
): Promise<RedriveProgress> {
  const sourceUrl = queueUrl(queue);
  const progress: RedriveProgress = {
    queue,
    deadLetterQueueUrl: await deadLetterQueueUrl(sourceUrl),
    moved: 0,
    failed: 0,
  };
  for (;;) {
    const { Messages = [] } = await sqs().send(
      new ReceiveMessageCommand({
        QueueUrl: progress.deadLetterQueueUrl,
        MaxNumberOfMessages: 10,
        // A long poll asks every SQS server, so an empty answer means an empty queue.
        WaitTimeSeconds: 1,
        VisibilityTimeout: receiveVisibilitySeconds,
        MessageAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) return progress;
    const movedBefore = progress.moved;
    await moveBatch(Messages, sourceUrl, progress);
    onBatch(progress);
    // The source refuses everything: stop rather than cycle through the same letters.
    if (progress.moved === movedBefore) return progress;
  }
}
