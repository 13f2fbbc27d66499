import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactIfFirstHolds } from '../db/batch';
import { db, tableName } from '../db/client';
import { updateIf } from '../db/conditional-updates';
import type { CounterChange } from '../db/counted-writes';
import { dueIndexKeys } from '../db/entities/lifecycle';
import { currentIncarnations, incarnationsWithin } from '../db/incarnations';
import type { ItemKey } from '../db/key-parts';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';
import type { ApiKeyCaller } from '../http/caller';
import { type DigestWindow, digestWindow, type InboxEntry, inboxEntry } from './schemas';

/**
 * What an inbox write needs to open its recipients' digest windows while digests are on: the
 * workspace's delay, copied onto the API key's credential (read by auth on every request anyway).
 */
export interface DigestOpening {
  readonly delayMinutes: number;
}

/** The digest opening of a caller's inbox writes; undefined while digests are off (nothing extra written). */
export const digestOpeningOf = (
  caller: Pick<ApiKeyCaller, 'digestDelayMinutes'>,
): DigestOpening | undefined =>
  caller.digestDelayMinutes > 0 ? { delayMinutes: caller.digestDelayMinutes } : undefined;

export const minuteMs = 60_000;

/**
 * What the organization inbox counter's Update of `entries` new entries, the first written at
 * `firstEntryAt`, adds while digests are on: the window's due keys (`if_not_exists`: a pending
 * window keeps its due time; the first entry opens one due `delayMinutes` after it), the watermark
 * for a user who never had a digest (just before this entry: earlier entries are never digested),
 * `digestSeq` counting the entries (the digest's condition) and the incarnations its keys are built in.
 */
export function digestCounterChange(
  apiKey: string,
  counterKey: ItemKey,
  organizationId: string,
  opening: DigestOpening,
  firstEntryAt: number,
  entries: number,
): Pick<CounterChange, 'set' | 'setIfAbsent' | 'add'> {
  const due = dueIndexKeys(counterKey, firstEntryAt + opening.delayMinutes * minuteMs);
  return {
    set: { apiKey, digestIncarnations: incarnationsWithin(currentIncarnations(), organizationId) },
    setIfAbsent: { gsi7pk: due.gsi7pk, gsi7sk: due.gsi7sk, digestedThrough: firstEntryAt - 1 },
    add: { digestSeq: entries },
  };
}

/**
 * A user's unread inbox entries written after `digestedThrough` (one Query per MB, oldest first,
 * with a projection; read entries filtered out).
 */
export async function undigestedEntries(
  apiKey: string,
  window: Pick<DigestWindow, 'organizationId' | 'userId' | 'digestedThrough'>,
): Promise<InboxEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    FilterExpression: 'attribute_not_exists(readAt)',
    ExpressionAttributeValues: {
      ':pk': keys.inboxPartition(apiKey, window.organizationId, window.userId),
      ':from': keys.inboxSortFrom(window.digestedThrough + 1),
    },
    ProjectionExpression: 'notificationId, userId, documentId, #timestamp, involved',
    ExpressionAttributeNames: { '#timestamp': 'timestamp' },
    ConsistentRead: true,
  });
  return items.map((item) => inboxEntry.parse(item));
}

/**
 * A user's digest window as stored now (one consistent GetItem of the organization counter);
 * undefined when the counter holds none (no entry written while digests were on) or is gone.
 */
export async function readDigestWindow(key: ItemKey): Promise<DigestWindow | undefined> {
  const output = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return output.Item?.digestSeq === undefined ? undefined : digestWindow.parse(output.Item);
}

/** How a handled window ends: its new watermark and, for entries still too young, the next due time. */
export interface WindowOutcome {
  readonly digestedThrough: number;
  readonly nextDueAt?: number;
}

/**
 * Records a handled window — the watermark advanced, the window moved to its next due time or out
 * of the due index — with `event` (the outbox put: the digest's sending) in the same
 * TransactWriteItems, so the digest is sent exactly when its entries are marked digested. On
 * condition that no entry was written since the window was read (`digestSeq`) and that no other
 * sweep handled it (`gsi7sk`); false, writing nothing, otherwise.
 */
export function closeDigestWindow(
  window: DigestWindow,
  outcome: WindowOutcome,
  now: number,
  event?: TransactItem,
): Promise<boolean> {
  const key = { pk: window.pk, sk: window.sk };
  const next = outcome.nextDueAt === undefined ? undefined : dueIndexKeys(key, outcome.nextDueAt);
  const update = {
    Key: key,
    UpdateExpression: next
      ? 'SET digestedThrough = :through, updatedAt = :now, gsi7pk = :duePk, gsi7sk = :dueSk'
      : 'SET digestedThrough = :through, updatedAt = :now REMOVE gsi7pk, gsi7sk',
    ConditionExpression: 'digestSeq = :seq AND gsi7sk = :readSk',
    ExpressionAttributeValues: {
      ':through': outcome.digestedThrough,
      ':now': now,
      ':seq': window.digestSeq,
      ':readSk': window.gsi7sk,
      ...(next && { ':duePk': next.gsi7pk, ':dueSk': next.gsi7sk }),
    },
  };
  if (!event) return updateIf(update);
  return transactIfFirstHolds([{ Update: { TableName: tableName(), ...update } }, event]);
}
