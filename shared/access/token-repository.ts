import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';

/**
 * The API key's stored (encrypted) signing secret, or undefined before the first token. The secret
 * never changes once stored, so an eventually consistent read is enough, except right after losing
 * the race to store it (`consistent`), when a lagging replica may not have it yet.
 */
export async function findSigningSecret(
  apiKey: string,
  options: { consistent?: boolean } = {},
): Promise<string | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.tokenSigningSecret(apiKey),
      ProjectionExpression: 'encrypted',
      ...(options.consistent && { ConsistentRead: true }),
    }),
  );
  return output.Item?.encrypted as string | undefined;
}

/** Stores the first signing secret; false when a concurrent request stored one first. */
export async function storeSigningSecret(apiKey: string, encrypted: string, now: number): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.tokenSigningSecret(apiKey),
          entity: entities.tokenSigningSecret.name,
          encrypted,
          createdAt: now,
          updatedAt: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
