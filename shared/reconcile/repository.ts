import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../db/batch';
import { db, tableName } from '../db/client';
import { updateIf } from '../db/conditional-updates';
import { accessPatterns } from '../db/entities';
import {
  dueIndexBound,
  dueIndexKeys,
  dueIndexPartition,
  dueQuarantinePartition,
} from '../db/entities/lifecycle';
import type { ItemKey } from '../db/key-parts';

/**
 * The keys of up to `limit` items of one due-index shard whose due time has passed, oldest first
 * (one Query of a keys-only index).
 */
export async function listDueKeys(shard: number, now: number, limit: number): Promise<ItemKey[]> {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: accessPatterns.dueWork.index,
      KeyConditionExpression: 'gsi7pk = :shard AND gsi7sk <= :now',
      ExpressionAttributeValues: { ':shard': dueIndexPartition(shard), ':now': dueIndexBound(now) },
      Limit: limit,
    }),
  );
  return (output.Items ?? []).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
}

/** The due items themselves (one BatchGetItem per 100). */
export const readDueItems = (keys: readonly ItemKey[]) => batchGet(keys);

/** What the reconciler records on a due item whose handler failed. */
export interface DueFailure {
  /** Failures in a row at this due position. */
  failures: number;
  /** The failure's message (truncated), for an operator. */
  error: string;
  /** Where the item goes: a later due time, or the quarantine. */
  next: { kind: 'retry'; dueAt: number } | { kind: 'quarantine' };
}

/**
 * Moves a due item whose handler failed: to a later due time (`retry`, `dueRetrySk` marking the
 * position its failure count belongs to) or into the quarantine partition of the due index, which no
 * sweep reads. One conditional UpdateItem on the due position the sweep read, so an item its handler
 * (or another sweep) moved meanwhile is left alone; false then.
 */
export async function recordDueFailure(item: Record<string, unknown>, failure: DueFailure, now: number) {
  const key: ItemKey = { pk: String(item.pk), sk: String(item.sk) };
  const target =
    failure.next.kind === 'retry'
      ? dueIndexKeys(key, failure.next.dueAt)
      : { gsi7pk: dueQuarantinePartition, gsi7sk: dueIndexBound(now) };
  return updateIf({
    Key: key,
    UpdateExpression:
      'SET gsi7pk = :pk, gsi7sk = :sk, dueFailures = :failures, dueError = :error, dueFailedAt = :now, dueRetrySk = :sk',
    ConditionExpression: 'gsi7pk = :readPk AND gsi7sk = :readSk',
    ExpressionAttributeValues: {
      ':pk': target.gsi7pk,
      ':sk': target.gsi7sk,
      ':failures': failure.failures,
      ':error': failure.error.slice(0, 1000),
      ':now': now,
      ':readPk': item.gsi7pk,
      ':readSk': item.gsi7sk,
    },
  });
}

/** One page of the quarantine partition's keys, in quarantine order, and where the next page starts. */
export interface QuarantinePage {
  readonly keys: ItemKey[];
  readonly next?: Record<string, unknown>;
}

/**
 * Up to `limit` keys of quarantined items, oldest quarantine first, from `start` (a page's `next`):
 * one Query of the due index's quarantine partition (keys only).
 */
export async function listQuarantinedKeys(
  limit: number,
  start?: Record<string, unknown>,
): Promise<QuarantinePage> {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: accessPatterns.dueWork.index,
      KeyConditionExpression: 'gsi7pk = :quarantine',
      ExpressionAttributeValues: { ':quarantine': dueQuarantinePartition },
      Limit: limit,
      ...(start && { ExclusiveStartKey: start }),
    }),
  );
  const keys = (output.Items ?? []).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  return { keys, ...(output.LastEvaluatedKey && { next: output.LastEvaluatedKey }) };
}

/**
 * The items of a page of quarantined keys, in the keys' order (one BatchGetItem per 100), leaving out
 * any that left the quarantine since the index was read (it is eventually consistent). Each keeps
 * its attributes, with `dueFailures`, `dueError` and `dueFailedAt` saying why.
 */
export async function readQuarantined(keys: readonly ItemKey[]): Promise<Record<string, unknown>[]> {
  if (keys.length === 0) return [];
  const items = new Map((await batchGet(keys)).map((item) => [`${item.pk}\u0000${item.sk}`, item]));
  return keys.flatMap((key) => {
    const item = items.get(`${key.pk}\u0000${key.sk}`);
    return item?.gsi7pk === dueQuarantinePartition ? [item] : [];
  });
}

/**
 * The quarantined items, oldest quarantine first (up to `limit`): one Query of the due index's
 * quarantine partition and a BatchGetItem.
 */
export async function listQuarantined(limit = 100): Promise<Record<string, unknown>[]> {
  return readQuarantined((await listQuarantinedKeys(limit)).keys);
}

/**
 * Puts a quarantined item back in the due index, due `now` (the next sweep hands it to its handler
 * again), its failure record removed so its count starts afresh. One UpdateItem, conditional on the
 * item being in the quarantine: a concurrent release, or an item its own work moved or deleted
 * meanwhile, is left alone (false), so an item is never released twice nor resurrected.
 */
export function releaseQuarantined(key: ItemKey, now: number): Promise<boolean> {
  const due = dueIndexKeys(key, now);
  return updateIf({
    Key: key,
    UpdateExpression: 'SET gsi7pk = :pk, gsi7sk = :sk REMOVE dueFailures, dueError, dueFailedAt, dueRetrySk',
    ConditionExpression: 'gsi7pk = :quarantine',
    ExpressionAttributeValues: {
      ':pk': due.gsi7pk,
      ':sk': due.gsi7sk,
      ':quarantine': dueQuarantinePartition,
    },
  });
}
