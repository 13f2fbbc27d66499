import { SendMessageCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import { type QueueWorkers, startQueueWorkers } from '../../../scripts/local/queue-workers';
import { type LocalSqs, startLocalSqs } from '../../../scripts/local/sqs';
import { defineQueueWorker } from '../../../shared/queues/define-worker';
import { queueDefinitions } from '../../../shared/queues/queues';
import { waitFor } from '../../support/poll';

/** The local SQS poller and `defineQueueWorker` together, against the SQS emulator. */
let sqs: LocalSqs;
let workers: QueueWorkers | undefined;
const [definition] = queueDefinitions;

beforeEach(async () => {
  sqs = await startLocalSqs();
});

afterEach(async () => {
  await workers?.stop();
  await sqs.stop();
});

/** Whether the queue holds no message at all (none ready, delayed or in flight): none can come again. */
const empty = (name: string) => {
  const messages = sqs.server.inspectQueue(name)?.messages;
  return (
    messages !== undefined && messages.ready.length + messages.delayed.length + messages.inflight.length === 0
  );
};

describe('queue workers', () => {
  it('deliver each message to the worker and retry only the failed ones', async () => {
    if (!definition) throw new Error('No queue definitions');
    const seen: { n: number; receiveCount: number }[] = [];
    const worker = defineQueueWorker({
      queue: definition.name,
      message: z.object({ n: z.number() }),
      run: async (message, context) => {
        seen.push({ n: message.n, receiveCount: context.receiveCount });
        if (message.n === 2 && context.receiveCount === 1) throw new Error('first attempt fails');
      },
    });
    const client = new SQSClient({ endpoint: sqs.endpoint, region: 'us-east-1' });
    // A failed message comes back after the visibility timeout; one second keeps the test short.
    await client.send(
      new SetQueueAttributesCommand({
        QueueUrl: sqs.queueUrls[definition.name],
        Attributes: { VisibilityTimeout: '1' },
      }),
    );
    workers = startQueueWorkers(sqs, [{ ...definition, consumer: 'inline' }], async () => worker as never);
    for (const n of [1, 2, 3]) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: sqs.queueUrls[definition.name],
          MessageBody: JSON.stringify({ n }),
        }),
      );
    }
    await waitFor(() => seen.filter((entry) => entry.n === 2).length === 2 && empty(definition.name));
    expect(seen.filter((entry) => entry.n === 1)).toHaveLength(1);
    expect(seen.filter((entry) => entry.n === 3)).toHaveLength(1);
    expect(seen.filter((entry) => entry.n === 2).map((entry) => entry.receiveCount)).toEqual([1, 2]);
    client.destroy();
  }, 15_000);

  it('work on several batches at once with several pollers, each message once', async () => {
    if (!definition) throw new Error('No queue definitions');
    const seen: number[] = [];
    const worker = defineQueueWorker({
      queue: definition.name,
      message: z.object({ n: z.number() }),
      run: async (message) => {
        seen.push(message.n);
        await new Promise((pause) => setTimeout(pause, 200));
      },
    });
    let inWork = 0;
    let mostInWork = 0;
    const counted = async (...args: Parameters<typeof worker>) => {
      inWork += 1;
      mostInWork = Math.max(mostInWork, inWork);
      try {
        return await worker(...args);
      } finally {
        inWork -= 1;
      }
    };
    const client = new SQSClient({ endpoint: sqs.endpoint, region: 'us-east-1' });
    for (let n = 0; n < 30; n += 1) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: sqs.queueUrls[definition.name],
          MessageBody: JSON.stringify({ n }),
        }),
      );
    }
    workers = startQueueWorkers(
      { ...sqs, pollersPerQueue: 3 },
      [{ ...definition, consumer: 'inline' }],
      async () => counted as never,
    );
    await waitFor(() => seen.length >= 30 && empty(definition.name));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(mostInWork).toBeGreaterThan(1);
    client.destroy();
  });

  it('leave an unparseable message on the queue without running the worker', async () => {
    if (!definition) throw new Error('No queue definitions');
    let runs = 0;
    const worker = defineQueueWorker({
      queue: definition.name,
      message: z.object({ n: z.number() }),
      run: async () => {
        runs += 1;
      },
    });
    workers = startQueueWorkers(sqs, [{ ...definition, consumer: 'inline' }], async () => worker as never);
    const client = new SQSClient({ endpoint: sqs.endpoint, region: 'us-east-1' });
    await client.send(
      new SendMessageCommand({ QueueUrl: sqs.queueUrls[definition.name], MessageBody: '{"n":"x"}' }),
    );
    await waitFor(() => (sqs.server.inspectQueue(definition.name)?.messages.inflight.length ?? 0) === 1);
    expect(runs).toBe(0);
    client.destroy();
  });
});
