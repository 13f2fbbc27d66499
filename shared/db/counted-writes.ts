import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '../core/errors';
import { db, tableName } from './client';
import type { ItemKey } from './key-parts';
import { conflict, type RetryPolicy, retryOnConflict } from './retry';
import { cancellationReasons } from './transactions';

/**
 * A transaction cancelled only by a concurrent one on a shared counter item is tried 9 times in
 * all, with jittered back-off from 10 ms capped at 250 ms.
 */
const counterConflictRetry: RetryPolicy = { attempts: 9, backoff: { baseMs: 10, capMs: 250 } };

/** One change of a counter item, as a transaction's Update (see `counterUpdate`). */
export interface CounterChange {
  key: ItemKey;
  entity: string;
  /** The counted attribute. */
  attribute: string;
  change: number;
  now: number;
  /** The increment is refused (ConditionalCheckFailed) once the counter has reached this. */
  max?: number;
  /** Further attributes the same update sets. */
  set?: Record<string, unknown>;
  /** Attributes the same update sets only where the item has none yet (`if_not_exists`). */
  setIfAbsent?: Record<string, unknown>;
  /** Further attributes the same update adds to (a version bumped on every change). */
  add?: Record<string, number>;
}

/**
 * A counter item's change as a transaction's Update: `ADD` creates the counter at the change, and
 * with `max` the condition `counter < max` makes concurrent increments unable to pass the cap
 * (the caps of webhook endpoints per API key and of connections per realtime room).
 */
export function counterUpdate(counter: CounterChange) {
  const set: Record<string, unknown> = { entity: counter.entity, updatedAt: counter.now, ...counter.set };
  const add: Record<string, number> = { [counter.attribute]: counter.change, ...counter.add };
  const setIfAbsent = counter.setIfAbsent ?? {};
  const setNames = Object.keys(set);
  const absentNames = Object.keys(setIfAbsent);
  const addNames = Object.keys(add);
  const assignments = [
    ...setNames.map((_, i) => `#s${i} = :s${i}`),
    ...absentNames.map((_, i) => `#n${i} = if_not_exists(#n${i}, :n${i})`),
  ];
  return {
    Update: {
      TableName: tableName(),
      Key: counter.key,
      UpdateExpression:
        `SET ${assignments.join(', ')} ` + `ADD ${addNames.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
      ...(counter.max !== undefined && {
        ConditionExpression: 'attribute_not_exists(#a0) OR #a0 < :max',
      }),
      ExpressionAttributeNames: {
        ...Object.fromEntries(setNames.map((name, i) => [`#s${i}`, name])),
        ...Object.fromEntries(absentNames.map((name, i) => [`#n${i}`, name])),
        ...Object.fromEntries(addNames.map((name, i) => [`#a${i}`, name])),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(setNames.map((name, i) => [`:s${i}`, set[name]])),
        ...Object.fromEntries(absentNames.map((name, i) => [`:n${i}`, setIfAbsent[name]])),
        ...Object.fromEntries(addNames.map((name, i) => [`:a${i}`, add[name]])),
        ...(counter.max !== undefined && { ':max': counter.max }),
      },
    },
  };
}

/**
 * Runs a transaction that changes a shared counter item; a cancellation caused only by concurrent
 * transactions (on the counter) is retried with jitter. Returns the cancellation reasons of a
 * failed condition, by item index, or undefined when committed. Throws ABORTED (`contention`) when
 * contention outlasts the retries.
 */
export async function commitCounted(
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
  contention: string,
): Promise<string[] | undefined> {
  return retryOnConflict(
    counterConflictRetry,
    async () => {
      try {
        await db().send(new TransactWriteCommand({ TransactItems: items }));
        return undefined;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (!reasons) throw error;
        if (reasons.includes('ConditionalCheckFailed')) return reasons;
        if (!reasons.includes('TransactionConflict')) throw error;
        return conflict;
      }
    },
    () => {
      throw new ApiError('ABORTED', contention);
    },
  );
}
