import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { nowMs } from '../core/clock';
import { ApiError } from '../core/errors';
import { batchGet, type TransactItem } from '../db/batch';
import { db, tableName } from '../db/client';
import { commitCounted, counterUpdate } from '../db/counted-writes';
import { entities } from '../db/entities';
import type { ItemKey } from '../db/key-parts';
import { keys } from '../db/keys';
import type { DocumentMove } from '../plugins/mover';
import { type DigestOpening, digestCounterChange } from './digest-repository';
import { type InboxEntry, inboxEntry } from './schemas';

type Item = Record<string, unknown>;

/** An inbox entry with its key, as the counted writes below change it. */
export interface KeyedEntry {
  key: ItemKey;
  entry: InboxEntry;
}

/** Entries per counted transaction: an entry and its two counters each (at most 99 items). */
const entriesPerTransaction = 33;

/** Counted transactions of one fan-out in flight at once. */
const fanOutConcurrency = 8;

const contention = "The recipients' inbox counts are being changed concurrently; retry.";

/** One change of one counter: the organization's (no `documentId`) or a document's. */
interface CountChange {
  organizationId: string;
  userId: string;
  documentId?: string;
  total: number;
  unread: number;
}

/** An entry's changes of its user's organization and document counters. */
const entryChanges = (
  organizationId: string,
  entry: Pick<InboxEntry, 'userId' | 'documentId'>,
  total: number,
  unread: number,
): CountChange[] => [
  { organizationId, userId: entry.userId, total, unread },
  { organizationId, userId: entry.userId, documentId: entry.documentId, total, unread },
];

/** New entries' digest windows: the workspace's opening and when the first of the entries was written. */
export interface DigestWrite extends DigestOpening {
  readonly firstEntryAt: number;
}

/**
 * The counter Updates of a transaction: changes of one counter merged into one Update (an item
 * appears once per transaction), none for a counter whose change is nothing. With `digest` (new
 * entries while digests are on) each organization counter that gains entries also opens its user's
 * digest window (`digestCounterChange`): no extra item.
 */
export function counterItems(
  apiKey: string,
  changes: readonly CountChange[],
  now = nowMs(),
  digest?: DigestWrite,
): TransactItem[] {
  const merged = new Map<string, CountChange>();
  for (const change of changes) {
    const id = JSON.stringify([change.userId, change.documentId ?? null]);
    const known = merged.get(id);
    merged.set(
      id,
      known ? { ...known, total: known.total + change.total, unread: known.unread + change.unread } : change,
    );
  }
  return [...merged.values()]
    .filter((change) => change.total !== 0 || change.unread !== 0)
    .map((change) => {
      const key = keys.inboxCounter(apiKey, change);
      const window =
        digest && change.documentId === undefined && change.total > 0
          ? digestCounterChange(apiKey, key, change.organizationId, digest, digest.firstEntryAt, change.total)
          : undefined;
      return counterUpdate({
        key,
        entity: entities.inboxCounter.name,
        attribute: 'total',
        change: change.total,
        add: { unread: change.unread, ...window?.add },
        ...(window?.setIfAbsent && { setIfAbsent: window.setIfAbsent }),
        now,
        set: {
          ...window?.set,
          organizationId: change.organizationId,
          userId: change.userId,
          ...(change.documentId !== undefined && { documentId: change.documentId }),
          ...keys.userDataListing(
            apiKey,
            change.userId,
            change.organizationId,
            'inboxcount',
            ...(change.documentId !== undefined ? [change.documentId] : []),
          ),
        },
      });
    });
}

/** The counter changes of new unread inbox entries (for transactions built elsewhere: comments). */
export const newEntryCounts = (organizationId: string, entries: readonly InboxEntry[]) =>
  entries.flatMap((entry) => entryChanges(organizationId, entry, 1, 1));

/** The digest windows new entries open while digests are on (`opening`); undefined while off. */
export const digestWrite = (
  opening: DigestOpening | undefined,
  entries: readonly InboxEntry[],
): DigestWrite | undefined =>
  opening && entries.length > 0
    ? { ...opening, firstEntryAt: Math.min(...entries.map((entry) => entry.timestamp)) }
    : undefined;

/** A user's inbox counts for the organization or one document (one consistent GetItem); zeros when none. */
export async function readInboxCounts(
  apiKey: string,
  scope: { organizationId: string; userId: string; documentId?: string | undefined },
) {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.inboxCounter(apiKey, scope), ConsistentRead: true }),
  );
  return { total: (output.Item?.total as number) ?? 0, unread: (output.Item?.unread as number) ?? 0 };
}

/**
 * Puts the inbox entries of `userIds` with their counters: per transaction up to 33 entries, each
 * `attribute_not_exists` so an entry an interrupted fan-out stored is not counted twice (the
 * transaction is repeated without it).
 */
async function putCounted(
  apiKey: string,
  entries: readonly { item: Item; entry: InboxEntry }[],
  digest: DigestOpening | undefined,
) {
  let pending = entries;
  while (pending.length > 0) {
    const organizationId = pending[0]!.item.organizationId as string;
    const reasons = await commitCounted(
      [
        ...pending.map(({ item }) => ({
          Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
        })),
        ...counterItems(
          apiKey,
          newEntryCounts(
            organizationId,
            pending.map(({ entry }) => entry),
          ),
          undefined,
          digestWrite(
            digest,
            pending.map(({ entry }) => entry),
          ),
        ),
      ],
      contention,
    );
    if (!reasons) return;
    const stored = pending.filter((_, index) => reasons[index] === 'ConditionalCheckFailed');
    if (stored.length === 0) throw new Error('An inbox transaction was refused without a stored entry.');
    pending = pending.filter((entry) => !stored.includes(entry));
  }
}

/**
 * Writes a notification's inbox entries with their counts: TransactWriteItems of 33 entries (each
 * with its organization and document counter), `fanOutConcurrency` in flight, so 10,000 recipients
 * are 304 transactions in 38 rounds. While digests are on (`digest`), the organization counter's
 * Update also opens the recipient's digest window (no extra item, no extra call). Repeating an
 * interrupted fan-out counts nothing twice.
 */
export async function writeCountedInbox(
  apiKey: string,
  items: readonly Item[],
  digest?: DigestOpening,
): Promise<void> {
  const entries = items.map((item) => ({ item, entry: inboxEntry.parse(item) }));
  const chunks: (typeof entries)[] = [];
  for (let start = 0; start < entries.length; start += entriesPerTransaction)
    chunks.push(entries.slice(start, start + entriesPerTransaction));
  let next = 0;
  const worker = async () => {
    for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) await putCounted(apiKey, chunk, digest);
  };
  await Promise.all(Array.from({ length: Math.min(fanOutConcurrency, chunks.length) }, worker));
}

/** The condition that an entry is still as read: same document, same read state. */
const asRead = (entry: InboxEntry) => ({
  ConditionExpression: `documentId = :doc AND ${
    entry.readAt === undefined
      ? 'attribute_exists(pk) AND attribute_not_exists(readAt)'
      : 'attribute_exists(readAt)'
  }`,
  ExpressionAttributeValues: { ':doc': entry.documentId },
});

/**
 * Runs counted transactions over entries, each entry's item first: an entry whose condition failed
 * (changed since it was read: read, moved, deleted) is read again (consistent BatchGetItem) and
 * retried as it is now, or left out when `keep` refuses it (gone, already done).
 */
async function countedOver(
  entries: readonly KeyedEntry[],
  itemsOf: (chunk: readonly KeyedEntry[]) => TransactItem[],
  keep: (entry: InboxEntry | undefined) => entry is InboxEntry,
) {
  for (let start = 0; start < entries.length; start += 30) {
    let pending = entries.slice(start, start + 30);
    while (pending.length > 0) {
      const reasons = await commitCounted(itemsOf(pending), contention);
      if (!reasons) break;
      const failed = pending.filter((_, index) => reasons[index] === 'ConditionalCheckFailed');
      if (failed.length === 0) throw new Error('An inbox transaction was refused without a changed entry.');
      const stored = new Map(
        (
          await batchGet(
            failed.map(({ key }) => key),
            undefined,
            true,
          )
        ).map((item) => [`${item.pk}\u0000${item.sk}`, inboxEntry.parse(item)]),
      );
      pending = pending.flatMap((keyed) => {
        if (!failed.includes(keyed)) return [keyed];
        const entry = stored.get(`${keyed.key.pk}\u0000${keyed.key.sk}`);
        return keep(entry) ? [{ key: keyed.key, entry }] : [];
      });
    }
  }
}

/**
 * Deletes inbox entries with their counts (30 a transaction, the user's counters merged), each on
 * condition that it is as read; one changed meanwhile is read again and deleted as it is now.
 */
export function deleteCountedEntries(apiKey: string, organizationId: string, entries: readonly KeyedEntry[]) {
  return countedOver(
    entries,
    (chunk) => [
      ...chunk.map(({ key, entry }) => ({ Delete: { TableName: tableName(), Key: key, ...asRead(entry) } })),
      ...counterItems(
        apiKey,
        chunk.flatMap(({ entry }) =>
          entryChanges(organizationId, entry, -1, entry.readAt === undefined ? -1 : 0),
        ),
      ),
    ],
    (entry): entry is InboxEntry => entry !== undefined,
  );
}

/**
 * Moves inbox entries from document `move.from` to `move.to` with their document counts (the
 * organization's do not change); an entry already moved is left out.
 */
export function moveCountedEntries(move: DocumentMove, entries: readonly KeyedEntry[]) {
  const { apiKey, organizationId } = move;
  return countedOver(
    entries,
    (chunk) => [
      ...chunk.map(({ key, entry }) => ({
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET documentId = :to',
          ...asRead({ ...entry, documentId: move.from }),
          ExpressionAttributeValues: { ':doc': move.from, ':to': move.to },
        },
      })),
      ...counterItems(
        apiKey,
        chunk.flatMap(({ entry }) => {
          const unread = entry.readAt === undefined ? 1 : 0;
          return [
            { organizationId, userId: entry.userId, documentId: move.from, total: -1, unread: -unread },
            { organizationId, userId: entry.userId, documentId: move.to, total: 1, unread },
          ];
        }),
      ),
    ],
    (entry): entry is InboxEntry => entry !== undefined && entry.documentId === move.from,
  );
}

/**
 * Marks an entry read with its counts (one transaction: `readAt` and both counters' `unread`).
 * Returns false when the user is not a recipient; true when it is read, now or before. An entry
 * whose document changed meanwhile (a migration) is read again and counted under its new document.
 */
export async function markCountedRead(
  apiKey: string,
  organizationId: string,
  key: ItemKey,
  guess: InboxEntry,
) {
  let entry = guess;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const now = nowMs();
    const reasons = await commitCounted(
      [
        {
          Update: {
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET readAt = :now',
            ConditionExpression:
              'attribute_exists(pk) AND attribute_not_exists(readAt) AND documentId = :doc',
            ExpressionAttributeValues: { ':now': now, ':doc': entry.documentId },
          },
        },
        ...counterItems(apiKey, entryChanges(organizationId, entry, 0, -1), now),
      ],
      contention,
    );
    if (!reasons) return true;
    const stored = await db().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    if (!stored.Item) return false;
    entry = inboxEntry.parse(stored.Item);
    if (entry.readAt !== undefined) return true;
  }
  throw new ApiError('ABORTED', contention);
}
