import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { SQSClient } from '@aws-sdk/client-sqs';
import { withoutSdkLogging } from '../../../shared/core/sdk-client';
import { db } from '../../../shared/db/client';
import { sqs } from '../../../shared/queues/send';

/** The names of a client's middleware (`identify()` answers `<name> - <step>`). */
const middlewareNames = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' - ')[0]);

describe('withoutSdkLogging', () => {
  it.each([
    ['DynamoDB', () => new DynamoDBClient({ region: 'us-east-1' })],
    ['DynamoDB Streams', () => new DynamoDBStreamsClient({ region: 'us-east-1' })],
    ['SQS', () => new SQSClient({ region: 'us-east-1' })],
  ])('takes the logger middleware the SDK adds out of a %s client, and nothing else', (_name, create) => {
    const before = middlewareNames(create());
    // Fails when the SDK renames its logger middleware: the removal would then do nothing.
    expect(before).toContain('loggerMiddleware');
    const after = middlewareNames(withoutSdkLogging(create()));
    expect(after).toEqual(before.filter((name) => name !== 'loggerMiddleware'));
  });

  it("is how the service's DynamoDB and SQS clients are made", () => {
    process.env.TABLE_NAME ??= 'sdk-client-test';
    expect(middlewareNames(db())).not.toContain('loggerMiddleware');
    expect(middlewareNames(db())).toContain('dbCallCounter');
    expect(middlewareNames(sqs())).not.toContain('loggerMiddleware');
  });
});
