import { ReceiveMessageCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type LocalSqs, localSqsEnv, startLocalSqs } from '../../../scripts/local/sqs';
import { deadLetterQueueName } from '../../../shared/queues/queues';
import { admin } from '../../support/admin';

describe('npm run admin -- redrive-dead-letters', () => {
  let sqs: LocalSqs;
  let client: SQSClient;

  beforeAll(async () => {
    // The local stack's queues, each with its dead-letter queue, in the SQS emulator.
    sqs = await startLocalSqs();
    Object.assign(process.env, localSqsEnv(sqs));
    client = new SQSClient({ endpoint: sqs.endpoint, region: process.env.AWS_REGION ?? 'us-east-1' });
  });

  afterAll(async () => {
    client?.destroy();
    await sqs?.stop();
  });

  async function putDeadLetters(queue: string, bodies: string[]) {
    for (let index = 0; index < bodies.length; index += 10) {
      await client.send(
        new SendMessageBatchCommand({
          QueueUrl: sqs.queueUrls[deadLetterQueueName(queue as never)],
          Entries: bodies.slice(index, index + 10).map((body, entry) => ({
            Id: String(entry),
            MessageBody: body,
            MessageAttributes: { origin: { DataType: 'String', StringValue: 'test' } },
          })),
        }),
      );
    }
  }

  async function drain(url: string) {
    const messages: { body: string; origin?: string }[] = [];
    for (;;) {
      const { Messages = [] } = await client.send(
        new ReceiveMessageCommand({
          QueueUrl: url,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          MessageAttributeNames: ['All'],
        }),
      );
      if (Messages.length === 0) return messages;
      messages.push(
        ...Messages.map((message) => ({
          body: message.Body ?? '',
          origin: message.MessageAttributes?.origin?.StringValue,
        })),
      );
    }
  }

  it('moves every dead letter of every queue back to its queue, with bodies and attributes, and counts them', async () => {
    const deliveries = Array.from({ length: 23 }, (_, index) => JSON.stringify({ delivery: index }));
    const migrations = ['{"jobId":"j1"}', '{"jobId":"j2"}'];
    await putDeadLetters('webhook-delivery', deliveries);
    await putDeadLetters('document-migration', migrations);

    const result = await admin('redrive-dead-letters');
    expect({ code: result.code, err: result.err }).toEqual({ code: 0, err: [] });
    // A progress line per batch of ten, then one total per queue.
    expect(result.out).toEqual([
      'redrive-dead-letters: webhook-delivery: 10 moved back…',
      'redrive-dead-letters: webhook-delivery: 20 moved back…',
      'redrive-dead-letters: webhook-delivery: 23 moved back…',
      'webhook-delivery: 23 moved back.',
      'redrive-dead-letters: document-migration: 2 moved back…',
      'document-migration: 2 moved back.',
      'stream-failures: 0 moved back.',
    ]);

    const redelivered = await drain(sqs.queueUrls['webhook-delivery']!);
    expect(redelivered.map((message) => message.body).sort()).toEqual([...deliveries].sort());
    expect(new Set(redelivered.map((message) => message.origin))).toEqual(new Set(['test']));
    expect((await drain(sqs.queueUrls['document-migration']!)).map((message) => message.body).sort()).toEqual(
      migrations,
    );
    expect(await drain(sqs.queueUrls[deadLetterQueueName('webhook-delivery')]!)).toEqual([]);
  });

  it('redrives only the --queue it is given', async () => {
    await putDeadLetters('webhook-delivery', ['{"delivery":"kept"}']);
    await putDeadLetters('document-migration', ['{"jobId":"moved"}']);
    const result = await admin('redrive-dead-letters', '--queue', 'document-migration');
    expect(result.out.at(-1)).toBe('document-migration: 1 moved back.');
    expect(await drain(sqs.queueUrls['document-migration']!)).toEqual([
      { body: '{"jobId":"moved"}', origin: 'test' },
    ]);
    expect(await drain(sqs.queueUrls[deadLetterQueueName('webhook-delivery')]!)).toEqual([
      { body: '{"delivery":"kept"}', origin: 'test' },
    ]);
  });

  it('refuses an unknown queue with a usage error', async () => {
    const result = await admin('redrive-dead-letters', '--queue', 'nope');
    expect(result.code).toBe(2);
    expect(result.err[0]).toBe(
      'Unknown queue "nope"; one of webhook-delivery, document-migration, stream-failures.',
    );
  });
});
