import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { queryPage, withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import { alreadyExists } from '../http/errors';
import { type EndpointChanges, type EndpointCursor, type EndpointRecord, endpointRecord } from './schemas';

const toRecord = (item: Record<string, unknown>) => endpointRecord.parse(withoutKeys(item));

/**
 * Stores a new endpoint. With a `uid`, a reservation item is written in the same transaction so a
 * uid is unique per API key. Throws ALREADY_EXISTS when the uid is taken.
 */
export async function insertEndpoint(apiKey: string, endpoint: EndpointRecord): Promise<void> {
  const put = {
    TableName: tableName(),
    Item: { ...keys.webhookEndpoint(apiKey, endpoint.endpointId), entity: 'webhookEndpoint', ...endpoint },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  if (endpoint.uid === null) {
    await db().send(new PutCommand(put));
    return;
  }
  const reservation = {
    ...keys.webhookEndpointUid(apiKey, endpoint.uid),
    entity: 'webhookEndpointUid',
    uid: endpoint.uid,
    endpointId: endpoint.endpointId,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: reservation,
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: put },
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') {
      throw alreadyExists(`An endpoint with uid ${endpoint.uid} already exists.`);
    }
    throw error;
  }
}

/** One endpoint of the API key (strongly consistent GetItem), or undefined. */
export async function findEndpoint(apiKey: string, endpointId: string): Promise<EndpointRecord | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.webhookEndpoint(apiKey, endpointId),
      ConsistentRead: true,
    }),
  );
  return output.Item ? toRecord(output.Item) : undefined;
}

/**
 * One page of the API key's endpoints (one Query): newest first from the top or after a cursor
 * towards older ones (`next`), or the endpoints just newer than a cursor (`prev`, returned newest
 * first too). `more` says whether the walk in that direction has further items.
 */
export async function listEndpoints(apiKey: string, limit: number, cursor: EndpointCursor | undefined) {
  const towardsNewer = cursor?.direction === 'prev';
  const page = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.webhookPartition(apiKey),
        ':prefix': keys.webhookEndpointPrefix,
      },
      ScanIndexForward: towardsNewer,
    },
    limit,
    cursor ? keys.webhookEndpoint(apiKey, cursor.endpointId) : undefined,
  );
  const endpoints = page.items.map(toRecord);
  return { endpoints: towardsNewer ? endpoints.reverse() : endpoints, more: page.nextKey !== undefined };
}

/**
 * Applies the given fields to an existing endpoint (one conditional UpdateItem) and returns its
 * state after the write, or undefined when the endpoint does not exist.
 */
export async function updateEndpoint(
  apiKey: string,
  endpointId: string,
  changes: EndpointChanges & { updatedAt: number },
): Promise<EndpointRecord | undefined> {
  const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(apiKey, endpointId),
        UpdateExpression: `SET ${fields.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(fields.map(([name], index) => [`#f${index}`, name])),
        ExpressionAttributeValues: Object.fromEntries(
          fields.map(([, value], index) => [`:v${index}`, value]),
        ),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(output.Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Replaces an endpoint's secret, keeping the current one as the previous secret until
 * `previousExpiresAt` (one conditional UpdateItem: DynamoDB reads `secretEncrypted` before the SET).
 * Returns false when the endpoint does not exist.
 */
export async function rotateEndpointSecret(
  apiKey: string,
  endpointId: string,
  secretEncrypted: string,
  previousExpiresAt: number,
  now: number,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(apiKey, endpointId),
        UpdateExpression:
          'SET previousSecretEncrypted = secretEncrypted, previousSecretExpiresAt = :expires, secretEncrypted = :secret, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':expires': previousExpiresAt, ':secret': secretEncrypted, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Deletes an endpoint and, in the same transaction, its uid reservation (uids never change, so the
 * endpoint read beforehand names the right one). Returns false when the endpoint does not exist.
 */
export async function deleteEndpoint(apiKey: string, endpoint: EndpointRecord): Promise<boolean> {
  const remove = {
    TableName: tableName(),
    Key: keys.webhookEndpoint(apiKey, endpoint.endpointId),
    ConditionExpression: 'attribute_exists(pk)',
  };
  try {
    if (endpoint.uid === null) {
      await db().send(new DeleteCommand(remove));
    } else {
      const reservation = { TableName: tableName(), Key: keys.webhookEndpointUid(apiKey, endpoint.uid) };
      await db().send(
        new TransactWriteCommand({ TransactItems: [{ Delete: remove }, { Delete: reservation }] }),
      );
    }
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}
