import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '../core/errors';
import { batchGet, batchWrite, setAssignments } from '../db/batch';
import { db, tableName } from '../db/client';
import { applyConditionalUpdates, updateIf } from '../db/conditional-updates';
import { accessPatterns, entities } from '../db/entities';
import { type EraseScope, eraseByIds, type ScopeListing } from '../db/erase';
import { keys } from '../db/keys';
import { queryAll, queryFilteredPage } from '../db/query-page';
import type { DocumentMove, MovedPage } from '../plugins/mover';
import {
  deleteCountedEntries,
  type KeyedEntry,
  markCountedRead,
  moveCountedEntries,
  writeCountedInbox,
} from './count-repository';
import type { DigestOpening } from './digest-repository';
import { type InboxEntry, inboxEntry, type NotificationRecord, notificationRecord } from './schemas';

type Item = Record<string, unknown>;

const recordKey = (apiKey: string, record: Pick<NotificationRecord, 'organizationId' | 'id'>) =>
  keys.notification(apiKey, record.organizationId, record.id);

/** The stored item of a notification's shared record; `fanOutDone` once its inbox entries exist. */
export function recordItem(apiKey: string, record: NotificationRecord, fanOutDone: boolean): Item {
  return {
    ...recordKey(apiKey, record),
    ...keys.notificationDocumentListing(apiKey, {
      ...record,
      createdAt: record.timestamp,
      notificationId: record.id,
    }),
    // Among the acting user's data, where their erasure finds it to stub the profile (addendum §10).
    ...keys.userDataListing(apiKey, record.actionUser.userId, record.organizationId, 'sent', record.id),
    entity: entities.notification.name,
    ...record,
    fanOutDone,
    createdAt: record.timestamp,
    updatedAt: record.timestamp,
  };
}

/**
 * The inbox entry items of a notification, one per recipient, each recording whether the
 * notification `involves` its user (what a `MINE` email preference lets into a digest).
 */
export function inboxItems(
  apiKey: string,
  record: NotificationRecord,
  userIds: readonly string[],
  involves: (userId: string) => boolean,
): Item[] {
  return userIds.map((userId) => {
    const entry: InboxEntry = {
      notificationId: record.id,
      userId,
      documentId: record.documentId,
      timestamp: record.timestamp,
      ...(involves(userId) && { involved: true as const }),
    };
    const ids = { organizationId: record.organizationId, userId, notificationId: record.id };
    return {
      ...keys.inboxEntry(apiKey, { ...ids, createdAt: record.timestamp }),
      ...keys.inboxRecipientListing(apiKey, ids),
      ...keys.userDataListing(apiKey, userId, record.organizationId, 'notification', record.id),
      entity: entities.inboxEntry.name,
      organizationId: record.organizationId,
      ...entry,
    };
  });
}

/**
 * Creates a notification's shared record unless one of that id exists (one conditional PutItem).
 * Returns the stored record and whether its fan-out already finished when it existed. Throws
 * ABORTED when the id belongs to a deleted earlier incarnation of the document that its erasure
 * has not reached yet: answering with that record would hide the new one (decisions §46).
 */
export async function createRecord(
  apiKey: string,
  record: NotificationRecord,
): Promise<{ created: boolean; existing?: NotificationRecord; fanOutDone?: boolean }> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: recordItem(apiKey, record, false),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { created: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // A retry or a duplicate id: continue from what is stored (the error's item is not unmarshalled).
    const item = await readStoredRecord(apiKey, record.organizationId, record.id);
    if (!item) throw error;
    if (!notificationOfCurrentIncarnation(apiKey, item)) {
      throw new ApiError(
        'ABORTED',
        `Notification ${record.id} of a deleted earlier document ${record.documentId} is still being erased; retry in a few seconds.`,
      );
    }
    return { created: false, existing: notificationRecord.parse(item), fanOutDone: item.fanOutDone === true };
  }
}

/**
 * Writes one inbox entry per recipient with its counts (`writeCountedInbox`: transactions of 33
 * entries, 8 in flight), opening the recipients' digest windows when digests are on (`digest`).
 * Repeating an interrupted fan-out writes and counts nothing twice.
 */
export async function writeInbox(
  apiKey: string,
  record: NotificationRecord,
  userIds: readonly string[],
  involves: (userId: string) => boolean,
  digest: DigestOpening | undefined,
) {
  await writeCountedInbox(apiKey, inboxItems(apiKey, record, userIds, involves), digest);
}

/** Marks a notification's fan-out finished, so adding the same id again writes nothing. */
export async function markFannedOut(apiKey: string, record: NotificationRecord) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: recordKey(apiKey, record),
      UpdateExpression: 'SET fanOutDone = :true',
      ExpressionAttributeValues: { ':true': true },
    }),
  );
}

/** The raw stored record, every attribute included (tests read it to prove what is stored). */
export async function readStoredRecord(apiKey: string, organizationId: string, id: string) {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.notification(apiKey, organizationId, id) }),
  );
  return output.Item;
}

/** Shared records by id (one BatchGet per 100); missing ones (and an old incarnation's) are absent. */
export async function findRecords(apiKey: string, organizationId: string, ids: readonly string[]) {
  const items = await batchGet(ids.map((id) => keys.notification(apiKey, organizationId, id)));
  return items
    .filter((item) => notificationOfCurrentIncarnation(apiKey, item))
    .map((item) => notificationRecord.parse(item));
}

/**
 * Whether a notification's shared record is of the current incarnation of its organization and
 * document (shared/db/incarnations.ts): its document listing key names both, so it is the one the
 * key builders give now. Inboxes span documents and meet a re-created document's old records (and
 * their entries) until its erasure removes them; they are not shown (decisions §46).
 */
export const notificationOfCurrentIncarnation = (apiKey: string, item: Item) =>
  item.gsi3pk ===
  keys.notificationDocumentPartition(apiKey, item.organizationId as string, item.documentId as string);

/** A full page of a user's inbox (optionally one document's or some ids), by time. */
export async function inboxPage(
  apiKey: string,
  query: { organizationId: string; userId: string; documentId?: string; notificationIds?: readonly string[] },
  order: 'asc' | 'desc',
  pageSize: number,
  startKey: Item | undefined,
) {
  const filters = [
    ...(query.documentId !== undefined ? ['documentId = :documentId'] : []),
    ...(query.notificationIds
      ? [`notificationId IN (${query.notificationIds.map((_, i) => `:id${i}`).join(', ')})`]
      : []),
  ];
  const page = await queryFilteredPage(
    {
      KeyConditionExpression: 'pk = :pk',
      ...(filters.length > 0 && { FilterExpression: filters.join(' AND ') }),
      ExpressionAttributeValues: {
        ':pk': keys.inboxPartition(apiKey, query.organizationId, query.userId),
        ...(query.documentId !== undefined && { ':documentId': query.documentId }),
        ...Object.fromEntries((query.notificationIds ?? []).map((id, i) => [`:id${i}`, id])),
      },
      ScanIndexForward: order === 'asc',
    },
    pageSize,
    startKey,
  );
  return { entries: page.items.map((item) => inboxEntry.parse(item)), nextKey: page.nextKey };
}

/** A full page of a document's notifications, by time (gsi3). */
export async function documentPage(
  apiKey: string,
  query: { organizationId: string; documentId: string; notificationIds?: readonly string[] },
  order: 'asc' | 'desc',
  pageSize: number,
  startKey: Item | undefined,
) {
  const page = await queryFilteredPage(
    {
      IndexName: accessPatterns.notificationsOfDocument.index,
      KeyConditionExpression: 'gsi3pk = :pk',
      ...(query.notificationIds && {
        FilterExpression: `id IN (${query.notificationIds.map((_, i) => `:id${i}`).join(', ')})`,
      }),
      ExpressionAttributeValues: {
        ':pk': keys.notificationDocumentPartition(apiKey, query.organizationId, query.documentId),
        ...Object.fromEntries((query.notificationIds ?? []).map((id, i) => [`:id${i}`, id])),
      },
      ScanIndexForward: order === 'asc',
    },
    pageSize,
    startKey,
    ['pk', 'sk', 'gsi3pk', 'gsi3sk'],
  );
  return { records: page.items.map((item) => notificationRecord.parse(item)), nextKey: page.nextKey };
}

/** Sets content fields of a shared record; false when it does not exist. */
export function updateRecord(apiKey: string, organizationId: string, id: string, fields: Item, now: number) {
  const set = setAssignments(fields);
  return updateIf({
    Key: keys.notification(apiKey, organizationId, id),
    UpdateExpression: `SET updatedAt = :now, ${set.assignments}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: set.names,
    ExpressionAttributeValues: { ':now': now, ...set.values },
  });
}

/**
 * Marks a notification read in one recipient's inbox, with the unread counts; false when the user
 * is not a recipient.
 */
export function markRead(apiKey: string, record: NotificationRecord, userId: string) {
  const key = keys.inboxEntry(apiKey, {
    ...record,
    userId,
    createdAt: record.timestamp,
    notificationId: record.id,
  });
  return markCountedRead(apiKey, record.organizationId, key, {
    notificationId: record.id,
    userId,
    documentId: record.documentId,
    timestamp: record.timestamp,
  });
}

/** Ids of a document's notifications (gsi3, keys only). */
export async function documentNotificationIds(apiKey: string, organizationId: string, documentId: string) {
  const items = await queryAll({
    IndexName: accessPatterns.notificationsOfDocument.index,
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: {
      ':pk': keys.notificationDocumentPartition(apiKey, organizationId, documentId),
    },
    ProjectionExpression: 'id',
  });
  return items.map((item) => item.id as string);
}

/** A notification's inbox entries with their keys (gsi5: one Query per 1 MB). */
export async function recipientEntryKeys(apiKey: string, organizationId: string, id: string) {
  const items = await queryAll({
    IndexName: accessPatterns.recipientsOfNotification.index,
    KeyConditionExpression: 'gsi5pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.recipientsPartition(apiKey, organizationId, id) },
  });
  return items.map(keyedEntry);
}

const keyedEntry = (item: Item): KeyedEntry => ({
  key: { pk: item.pk as string, sk: item.sk as string },
  entry: inboxEntry.parse(item),
});

/**
 * Deletes notifications whole: every inbox entry with its counts (`entryKeys` of each id, read
 * through gsi5 unless given), then the shared records, so a delete cut short can be repeated.
 */
export async function deleteNotifications(
  apiKey: string,
  organizationId: string,
  ids: readonly string[],
  entryKeys = (id: string) => recipientEntryKeys(apiKey, organizationId, id),
) {
  await Promise.all(ids.map(async (id) => deleteCountedEntries(apiKey, organizationId, await entryKeys(id))));
  await batchWrite(ids.map((id) => ({ delete: keys.notification(apiKey, organizationId, id) })));
}

/** A user's inbox entries (all, or those of given notifications or one document). */
export async function userEntries(apiKey: string, organizationId: string, userId: string) {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.inboxPartition(apiKey, organizationId, userId) },
  });
  return items.map(keyedEntry);
}

/** Deletes inbox entries with their counts (`deleteCountedEntries`). */
export async function deleteEntries(apiKey: string, organizationId: string, entries: readonly KeyedEntry[]) {
  await deleteCountedEntries(apiKey, organizationId, entries);
}

/** Whether a document has any notification (gsi3, one Query with `Limit: 1`). */
export async function hasDocumentNotifications(apiKey: string, organizationId: string, documentId: string) {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: accessPatterns.notificationsOfDocument.index,
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.notificationDocumentPartition(apiKey, organizationId, documentId),
      },
      ProjectionExpression: 'id',
      Limit: 1,
    }),
  );
  return (output.Items ?? []).length > 0;
}

/** An update that sets `documentId` (and `extra`) on condition that it is still `from`. */
function documentIdUpdate(key: { pk: string; sk: string }, move: { from: string; to: string }, extra?: Item) {
  const set = setAssignments({ documentId: move.to, ...extra });
  return {
    Key: key,
    UpdateExpression: `SET ${set.assignments}`,
    ConditionExpression: '#documentId = :from',
    ExpressionAttributeNames: { ...set.names, '#documentId': 'documentId' },
    ExpressionAttributeValues: { ...set.values, ':from': move.from },
  };
}

/**
 * Moves up to `limit` notifications of document `from` to `to` (migration). Per notification: its
 * inbox entries (found through gsi5) get the new `documentId` first, then the shared record gets it
 * with its gsi3 document listing — the record leaves the old listing last, so a crash in between
 * leaves it there and a repeat finds it and finishes its entries. Every update is conditional on
 * the old id (a repeat or a concurrent duplicate changes nothing twice), and entries move their
 * users' document counts with them. Calls: one gsi3 Query, and per notification one gsi5 Query
 * (per 1 MB of entries), one TransactWriteItems per 30 entries (+ a consistent BatchGetItem and a
 * repeat for a batch with an entry changed meanwhile) and one for the record.
 */
export async function moveDocumentNotifications(
  move: DocumentMove,
  limit: number,
  startKey?: Item,
): Promise<MovedPage> {
  const { apiKey, organizationId } = move;
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: accessPatterns.notificationsOfDocument.index,
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.notificationDocumentPartition(apiKey, organizationId, move.from),
      },
      ProjectionExpression: 'pk, sk, gsi3pk, gsi3sk, id',
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  let moved = 0;
  for (const record of page.Items ?? []) {
    await moveCountedEntries(move, await recipientEntryKeys(apiKey, organizationId, record.id as string));
    const listing = keys.notificationDocumentPartition(apiKey, organizationId, move.to);
    moved += await applyConditionalUpdates([
      documentIdUpdate({ pk: record.pk as string, sk: record.sk as string }, move, { gsi3pk: listing }),
    ]);
  }
  return page.LastEvaluatedKey ? { moved, nextKey: page.LastEvaluatedKey } : { moved };
}

/** An organization's notifications (its record partition) or one document's (gsi3). */
const notificationListing: ScopeListing = {
  idAttribute: 'id',
  organization: { partition: keys.notificationPartition, prefix: 'NOTIF#' },
  document: (apiKey, organizationId, id) => ({
    index: accessPatterns.notificationsOfDocument.index,
    partition: keys.notificationDocumentPartition(apiKey, organizationId, id),
  }),
};

/**
 * Erases one page (up to `limit`) of an organization's notifications (its record partition) or of
 * one document's (gsi3), each whole with its inbox entries (see `deleteNotifications`).
 */
export function eraseNotificationPage(scope: EraseScope, limit: number, startKey?: Item) {
  const { apiKey, organizationId } = scope;
  return eraseByIds(scope, notificationListing, { limit, startKey }, (ids) =>
    deleteNotifications(apiKey, organizationId, ids),
  );
}
