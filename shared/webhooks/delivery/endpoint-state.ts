import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { db, tableName } from '../../db/client';
import { entities } from '../../db/entities';
import { keys } from '../../db/keys';
import type { SendLog } from './send-schedule';

/**
 * Per-endpoint delivery state in one item: the rate limit's send log (`sendLog`, `lastSendAt`, with
 * `sendLogVersion` for optimistic writes; see send-schedule.ts and send-booker.ts), and
 * `failingSince` (epoch ms of the first failure after the last success) for auto-disabling.
 */

/** The item a failed condition saw (the SDK leaves it in DynamoDB's attribute-value form). */
function conditionFailure(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof ConditionalCheckFailedException)) throw error;
  return error.Item ? unmarshall(error.Item) : undefined;
}

/** An endpoint's send log as stored, with the version its next write is conditioned on. */
export interface SendLogRecord extends SendLog {
  version: number;
}

const sendLogRecordOf = (item: Record<string, unknown> | undefined): SendLogRecord | undefined =>
  item?.sendLogVersion === undefined
    ? undefined
    : {
        version: Number(item.sendLogVersion),
        buckets: new Map(
          Object.entries((item.sendLog ?? {}) as Record<string, number>).map(([bucket, count]) => [
            Number(bucket),
            Number(count),
          ]),
        ),
        ...(item.lastSendAt !== undefined && { lastSendAt: Number(item.lastSendAt) }),
      };

/**
 * Stores an endpoint's send log if it is still the version read (`read` undefined: none stored
 * yet). Returns undefined when written, else the log as it is now.
 */
export async function writeSendLog(
  apiKey: string,
  endpointId: string,
  read: SendLogRecord | undefined,
  log: SendLog,
): Promise<SendLogRecord | undefined> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpointState(apiKey, endpointId),
        UpdateExpression: 'SET sendLog = :log, lastSendAt = :last, sendLogVersion = :next, entity = :entity',
        ConditionExpression: read ? 'sendLogVersion = :read' : 'attribute_not_exists(sendLogVersion)',
        ExpressionAttributeValues: {
          ':log': Object.fromEntries([...log.buckets].map(([bucket, count]) => [String(bucket), count])),
          ':last': log.lastSendAt ?? 0,
          ':next': (read?.version ?? 0) + 1,
          ':entity': entities.webhookEndpointState.name,
          ...(read && { ':read': read.version }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return undefined;
  } catch (error) {
    return sendLogRecordOf(conditionFailure(error)) ?? { version: 0, buckets: new Map() };
  }
}

/** When the endpoint's failing streak began, from its stored state item (undefined: not failing). */
export const failingSinceOf = (item: Record<string, unknown>): number | undefined =>
  item.failingSince === undefined ? undefined : Number(item.failingSince);

/** Records a failed attempt: returns since when the endpoint has been failing without a success. */
export async function recordEndpointFailure(
  apiKey: string,
  endpointId: string,
  now: number,
): Promise<number> {
  const output = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookEndpointState(apiKey, endpointId),
      UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now), entity = :entity',
      ExpressionAttributeValues: { ':now': now, ':entity': entities.webhookEndpointState.name },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(output.Attributes?.failingSince ?? now);
}

/**
 * Records a success: the endpoint is no longer failing (one conditional write; the caller skips it
 * when it knows the endpoint is not failing).
 */
export async function clearEndpointFailure(apiKey: string, endpointId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpointState(apiKey, endpointId),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(failingSince)',
      }),
    );
  } catch (error) {
    conditionFailure(error);
  }
}

/**
 * Forgets an endpoint's failing streak (it was re-enabled): the 5 days that disable it start again
 * at its next failure, instead of the next single failure disabling it at once.
 */
export async function resetEndpointFailures(apiKey: string, endpointId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookEndpointState(apiKey, endpointId),
      UpdateExpression: 'REMOVE failingSince',
    }),
  );
}
