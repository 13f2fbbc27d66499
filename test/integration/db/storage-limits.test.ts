import { randomUUID } from 'node:crypto';
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import { keys } from '../../../shared/db/keys';
import { brokenStorageLimit, maxItemBytes } from '../../../shared/db/storage-limits';

/** A key of a fresh API key's own partition: nothing else reads it. */
const freshKey = () => keys.apiKeyCredential(randomUUID());

async function refusal(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error('expected DynamoDB to refuse the write');
}

const put = (item: Record<string, unknown>) =>
  db().send(new PutCommand({ TableName: tableName(), Item: { ...freshKey(), ...item } }));

const set = (key: Record<string, unknown>, value: unknown) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #field = :value',
      ExpressionAttributeNames: { '#field': `field${randomUUID()}` },
      ExpressionAttributeValues: { ':value': value },
    }),
  );

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

describe('brokenStorageLimit, on what DynamoDB Local answers', () => {
  const half = 'x'.repeat(maxItemBytes / 2 + 1024);

  it('recognises an item over 400 KB in a PutItem', async () => {
    expect(brokenStorageLimit(await refusal(() => put({ big: half + half })))).toBe('item-size');
  });

  it('recognises an UpdateItem that grows an item past 400 KB', async () => {
    const key = freshKey();
    await set(key, half);
    expect(brokenStorageLimit(await refusal(() => set(key, half)))).toBe('item-size');
  });

  it('recognises a transaction cancelled because an update grows an item past 400 KB', async () => {
    const key = freshKey();
    await set(key, half);
    const error = await refusal(() =>
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: freshKey() } },
            {
              Update: {
                TableName: tableName(),
                Key: key,
                UpdateExpression: 'SET more = :value',
                ExpressionAttributeValues: { ':value': half },
              },
            },
          ],
        }),
      ),
    );
    expect(brokenStorageLimit(error)).toBe('item-size');
  });

  it('recognises maps nested past 32 levels', async () => {
    expect(brokenStorageLimit(await refusal(() => put({ deep: nested(33) })))).toBe('nesting');
  });

  it('recognises an empty map key', async () => {
    expect(brokenStorageLimit(await refusal(() => put({ map: { '': 1 } })))).toBe('empty-name');
  });

  it('recognises an empty key attribute', async () => {
    const error = await refusal(() => put({ gsi1pk: '', gsi1sk: 'x' }));
    expect(brokenStorageLimit(error)).toBe('empty-key');
  });

  it('ignores refusals that are not about the data stored', async () => {
    const key = freshKey();
    const conditionFailed = await refusal(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET a = :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      ),
    );
    expect(brokenStorageLimit(conditionFailed)).toBeUndefined();
    expect(brokenStorageLimit(new Error('Item size has exceeded the maximum allowed size'))).toBeUndefined();
  });
});
