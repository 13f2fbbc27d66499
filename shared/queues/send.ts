import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { env } from '../config/env';
import type { QueueName } from '../core/queue-names';
import { withoutSdkLogging } from '../core/sdk-client';
import { queueUrlEnvName } from './queues';

let client: SQSClient | undefined;

/** The process's one SQS client; points at the emulator when `SQS_ENDPOINT` is set. */
export function sqs(): SQSClient {
  if (!client) {
    const { AWS_REGION, SQS_ENDPOINT } = env();
    client = withoutSdkLogging(
      new SQSClient({ region: AWS_REGION, ...(SQS_ENDPOINT && { endpoint: SQS_ENDPOINT }) }),
    );
  }
  return client;
}

/** The URL of a queue, from the environment the stack (or local stack) sets for functions that use it. */
export function queueUrl(name: QueueName): string {
  const url = process.env[queueUrlEnvName(name)];
  if (!url)
    throw new Error(`${queueUrlEnvName(name)} is not set: does the route or worker declare queue ${name}?`);
  return url;
}

/** SQS delays stop at 15 minutes; longer waits are chained by the consumer. */
export const maxDelaySeconds = 900;

/**
 * JSON with every character past ASCII written as a `\uXXXX` escape. SQS refuses some characters
 * in a message (U+FFFE, U+FFFF; its emulator also everything past U+FFFF), and callers' ids travel
 * in messages; `JSON.parse` gives back the same value.
 */
const asciiJson = (body: unknown) =>
  JSON.stringify(body).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Sends one JSON message, optionally delayed (capped at SQS's 15-minute maximum). */
export async function sendToQueue(name: QueueName, body: unknown, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(name),
      MessageBody: asciiJson(body),
      DelaySeconds: Math.min(maxDelaySeconds, Math.max(0, Math.round(delaySeconds))),
    }),
  );
}

/** SQS takes at most ten messages per SendMessageBatch. */
const sendBatchLimit = 10;

/**
 * Sends JSON messages without delay, ten per SendMessageBatch (the chunks in parallel). Throws when
 * SQS refuses any entry (the caller's retry sends again; consumers are idempotent).
 */
export async function sendBatchToQueue(name: QueueName, bodies: readonly unknown[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(bodies.length / sendBatchLimit) }, (_, index) =>
    bodies.slice(index * sendBatchLimit, (index + 1) * sendBatchLimit),
  );
  await Promise.all(
    chunks.map(async (chunk) => {
      const output = await sqs().send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl(name),
          Entries: chunk.map((body, index) => ({ Id: String(index), MessageBody: asciiJson(body) })),
        }),
      );
      const failed = output.Failed ?? [];
      if (failed.length > 0)
        throw new Error(`${name}: ${failed.length} of ${chunk.length} messages refused (${failed[0]?.Code})`);
    }),
  );
}

/**
 * Takes up to `max` messages off a queue that has no event source (one ReceiveMessage and one
 * DeleteMessageBatch per ten) after `handle` has seen their bodies; a message whose handling throws
 * stays and comes back after its visibility timeout.
 */
export async function takeMessages(name: QueueName, max: number, handle: (body: string) => Promise<void>) {
  let taken = 0;
  while (taken < max) {
    const { Messages = [] } = await sqs().send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl(name), MaxNumberOfMessages: Math.min(10, max - taken) }),
    );
    if (Messages.length === 0) break;
    const handled: typeof Messages = [];
    for (const message of Messages) {
      await handle(message.Body ?? '').then(() => handled.push(message));
    }
    if (handled.length > 0)
      await sqs().send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl(name),
          Entries: handled.map((message, index) => ({
            Id: String(index),
            ReceiptHandle: message.ReceiptHandle,
          })),
        }),
      );
    taken += Messages.length;
  }
  return taken;
}
