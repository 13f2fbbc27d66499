import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowMs } from '../core/clock';
import { alreadyExists, resourceExhausted } from '../core/errors';
import { batchGet, inTable, type TransactItem, transactIfFirstHolds } from '../db/batch';
import { db, tableName } from '../db/client';
import { commitCounted, counterUpdate } from '../db/counted-writes';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { queryPage, withoutKeys } from '../db/query-page';
import {
  type EndpointChanges,
  type EndpointCursor,
  type EndpointRecord,
  endpointRecord,
} from './endpoint-schemas';

/** An endpoint from its stored item (also for items read in a batch with other things). */
export const endpointFromItem = (item: Record<string, unknown>) => endpointRecord.parse(withoutKeys(item));

/** The count item's increment (refused at the cap) or decrement, as a transaction's Update. */
const countUpdate = (apiKey: string, change: 1 | -1, now: number, max?: number) =>
  counterUpdate({
    key: keys.webhookEndpointCount(apiKey),
    entity: entities.webhookEndpointCount.name,
    attribute: 'endpointCount',
    change,
    now,
    ...(max !== undefined && { max }),
  });

const contention = 'Endpoints are being changed concurrently; retry.';

/**
 * Stores a new endpoint in one transaction with the API key's endpoint count (incremented on
 * condition that it is below `maxEndpoints`, so concurrent creates can never exceed the cap) and,
 * with a `uid`, a reservation item so a uid is unique per API key. Throws RESOURCE_EXHAUSTED at the
 * cap, ALREADY_EXISTS when the uid is taken. `alongside` joins the transaction (its events).
 */
export async function insertEndpoint(
  apiKey: string,
  endpoint: EndpointRecord,
  maxEndpoints: number,
  alongside: readonly TransactItem[] = [],
): Promise<void> {
  const put = {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.webhookEndpoint(apiKey, endpoint.endpointId),
        entity: entities.webhookEndpoint.name,
        ...endpoint,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const reservation = endpoint.uid !== null && {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.webhookEndpointUid(apiKey, endpoint.uid),
        entity: entities.webhookEndpointUid.name,
        uid: endpoint.uid,
        endpointId: endpoint.endpointId,
        createdAt: endpoint.createdAt,
        updatedAt: endpoint.updatedAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const reasons = await commitCounted(
    [
      countUpdate(apiKey, 1, endpoint.createdAt, maxEndpoints),
      put,
      ...(reservation ? [reservation] : []),
      ...alongside,
    ],
    contention,
  );
  if (reasons?.[0] === 'ConditionalCheckFailed') {
    throw resourceExhausted(
      `An API key may hold at most ${maxEndpoints} webhook endpoints; delete one to create another.`,
    );
  }
  if (reasons?.[2] === 'ConditionalCheckFailed') {
    throw alreadyExists(`An endpoint with uid ${endpoint.uid} already exists.`);
  }
  if (reasons) throw new Error(`endpoint insert cancelled: ${reasons.join(', ')}`);
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
  return output.Item ? endpointFromItem(output.Item) : undefined;
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
  const endpoints = page.items.map(endpointFromItem);
  return { endpoints: towardsNewer ? endpoints.reverse() : endpoints, more: page.nextKey !== undefined };
}

/**
 * Applies changes to the endpoint as it was read (on condition that it is unchanged since:
 * `updatedAt` is its version, and `changes.updatedAt` is later), with `alongside` (its events) in
 * one transaction. Returns false when it changed or went meanwhile.
 */
export async function updateReadEndpoint(
  apiKey: string,
  read: Pick<EndpointRecord, 'endpointId' | 'updatedAt'>,
  changes: EndpointChanges & { updatedAt: number },
  alongside: readonly TransactItem[],
): Promise<boolean> {
  const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
  return transactIfFirstHolds([
    {
      Update: inTable({
        Key: keys.webhookEndpoint(apiKey, read.endpointId),
        UpdateExpression: `SET ${fields.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'updatedAt = :read',
        ExpressionAttributeNames: Object.fromEntries(fields.map(([name], index) => [`#f${index}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(fields.map(([, value], index) => [`:v${index}`, value])),
          ':read': read.updatedAt,
        },
      }),
    },
    ...alongside,
  ]);
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
 * Deletes an endpoint, decrements the API key's endpoint count and, with a uid, deletes its
 * reservation, in one transaction (uids never change, so the endpoint read beforehand names the
 * right one), with `alongside` (its events). Returns false when the endpoint does not exist.
 */
export async function deleteEndpoint(
  apiKey: string,
  endpoint: EndpointRecord,
  alongside: readonly TransactItem[] = [],
): Promise<boolean> {
  const remove = {
    Delete: {
      TableName: tableName(),
      Key: keys.webhookEndpoint(apiKey, endpoint.endpointId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
  const reservation = endpoint.uid !== null && {
    Delete: { TableName: tableName(), Key: keys.webhookEndpointUid(apiKey, endpoint.uid) },
  };
  const reasons = await commitCounted(
    [remove, countUpdate(apiKey, -1, nowMs()), ...(reservation ? [reservation] : []), ...alongside],
    contention,
  );
  return reasons === undefined;
}

/** Which of these endpoint ids name endpoints of the API key (one BatchGetItem per 100). */
export async function existingEndpointIds(
  apiKey: string,
  endpointIds: readonly string[],
): Promise<Set<string>> {
  const items = await batchGet(
    endpointIds.map((endpointId) => keys.webhookEndpoint(apiKey, endpointId)),
    ['endpointId'],
    true,
  );
  return new Set(items.map((item) => String(item.endpointId)));
}
