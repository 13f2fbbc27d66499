import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';

/** The API key's stored (encrypted) signing secret, or undefined before the first token. */
export async function findSigningSecret(apiKey: string): Promise<string | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.tokenSigningSecret(apiKey),
      ProjectionExpression: 'encrypted',
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
          entity: 'tokenSigningSecret',
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
