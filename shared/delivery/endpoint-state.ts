import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';

/**
 * Per-endpoint delivery state in one item: `nextAllowedAt` (epoch ms) for the rate limit, and
 * `failingSince` (epoch ms of the first failure after the last success) for auto-disabling.
 */

/** A send slot at `at`, or no slot before `retryAt` (the caller waits outside, without holding one). */
export type SlotReservation = { at: number } | { retryAt: number };

function conditionFailure(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof ConditionalCheckFailedException)) throw error;
  return (error.Item ?? {}) as Record<string, unknown>;
}

/**
 * GCRA ("virtual scheduling") on the endpoint's next-allowed time, shared by every consumer: slots
 * are `intervalMs` apart, so no one-second window holds more than 1000 / intervalMs sends. A slot is
 * granted at `now` when the endpoint is idle, else the next free one if it is within `horizonMs`
 * (the caller sleeps until it); a later one is not reserved, so a throttled delivery holds nothing
 * while it waits in the queue. Two conditional updates at most per try, no locks.
 */
export async function reserveSendSlot(
  apiKey: string,
  endpointId: string,
  intervalMs: number,
  now: number,
  horizonMs: number,
): Promise<SlotReservation> {
  const Key = keys.webhookEndpointState(apiKey, endpointId);
  for (let round = 0; round < 5; round += 1) {
    let nextAllowedAt: number;
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET nextAllowedAt = :next, entity = :entity',
          ConditionExpression: 'attribute_not_exists(nextAllowedAt) OR nextAllowedAt <= :now',
          ExpressionAttributeValues: {
            ':next': now + intervalMs,
            ':now': now,
            ':entity': 'webhookEndpointState',
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { at: now };
    } catch (error) {
      nextAllowedAt = Number(conditionFailure(error)?.nextAllowedAt ?? now);
    }
    if (nextAllowedAt > now + horizonMs) return { retryAt: nextAllowedAt - horizonMs };
    try {
      const output = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET nextAllowedAt = nextAllowedAt + :interval',
          ConditionExpression: 'nextAllowedAt > :now AND nextAllowedAt <= :horizon',
          ExpressionAttributeValues: { ':interval': intervalMs, ':now': now, ':horizon': now + horizonMs },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { at: Number(output.Attributes?.nextAllowedAt) - intervalMs };
    } catch (error) {
      const latest = Number(conditionFailure(error)?.nextAllowedAt ?? now);
      if (latest > now + horizonMs) return { retryAt: latest - horizonMs };
      // The endpoint went idle between the two updates: start over from the first.
    }
  }
  return { retryAt: now + intervalMs };
}

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
      ExpressionAttributeValues: { ':now': now, ':entity': 'webhookEndpointState' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(output.Attributes?.failingSince ?? now);
}

/** Records a success: the endpoint is no longer failing. A no-op (one conditional write) when it was not. */
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
