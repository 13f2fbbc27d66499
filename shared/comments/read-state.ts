import { inTable, type TransactItem } from '../db/batch';
import { counterUpdate } from '../db/counted-writes';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import type { AnnotationRef } from './ids';
import type { AnnotationRecord, AnnotationStatus } from './schemas';

/**
 * Thread counts and per-user read state, as transaction items for the writes that change them
 * (docs/decisions.md, "Thread counts and read state"). The counters count what the thread items
 * hold: a document's `total` and `open` its thread items and their statuses; a user's
 * `threadsRead` the thread items whose `readBy` holds the user. Every change of a thread item that
 * changes one of them carries the counter's `ADD` in its own transaction.
 */

type DocumentScope = { organizationId: string; documentId: string };

/** A thread's own item. */
const threadKey = (apiKey: string, ref: AnnotationRef) =>
  keys.commentAnnotation(apiKey, ref.organizationId, ref.documentId, ref.annotationId);

/** Statuses that end a thread; `open` counts the others. */
export const terminalStatuses: readonly AnnotationStatus[] = ['resolved', 'closed'];

/** 1 when a thread of this status counts as open, else 0. */
export const openCount = (status: AnnotationStatus) => (terminalStatuses.includes(status) ? 0 : 1);

/** A change of a document's thread counters (`total`, `open`) as a transaction's Update. */
export function threadCountChange(
  apiKey: string,
  scope: DocumentScope,
  change: { total: number; open: number },
  now: number,
): TransactItem {
  const { organizationId, documentId } = scope;
  return counterUpdate({
    key: keys.threadCounter(apiKey, organizationId, documentId),
    entity: entities.threadCounter.name,
    attribute: 'total',
    change: change.total,
    // Every change bumps the version, so a recount can tell whether the counter moved meanwhile.
    add: { open: change.open, version: 1 },
    now,
    // Listed like a thread item, so an organization's erasure finds the partition even with no thread left.
    set: {
      organizationId,
      documentId,
      ...keys.commentsOrganizationListing(apiKey, organizationId, documentId),
    },
  });
}

/** A change of how many of a document's threads `userId` has read, as a transaction's Update. */
export function readCountChange(
  apiKey: string,
  scope: DocumentScope,
  userId: string,
  change: number,
  now: number,
): TransactItem {
  const { organizationId, documentId } = scope;
  return counterUpdate({
    key: keys.threadReadCounter(apiKey, { organizationId, documentId, userId }),
    entity: entities.threadReadCounter.name,
    attribute: 'threadsRead',
    change,
    add: { version: 1 },
    now,
    set: {
      organizationId,
      documentId,
      userId,
      ...keys.userDataListing(apiKey, userId, organizationId, 'threadread', documentId),
    },
  });
}

/** The readers of a thread as read (none on a thread stored before read state existed). */
export const readersOf = (annotation: AnnotationRecord) => Object.keys(annotation.readBy ?? {});

/**
 * The condition that a thread's readers and comment count are still as read: `readVersion`
 * changes with each of them (absent on a thread no reader or comment has touched since read state
 * existed).
 */
export function readStateHolds(annotation: AnnotationRecord) {
  return annotation.readVersion === undefined
    ? { condition: 'attribute_not_exists(readVersion)', values: {} }
    : { condition: 'readVersion = :readVersion', values: { ':readVersion': annotation.readVersion } };
}

/** Expression names `#r0…` for user ids as `readBy` keys. */
const readerNames = (userIds: readonly string[], prefix = 'r') =>
  Object.fromEntries(userIds.map((userId, index) => [`#${prefix}${index}`, userId]));

/** The read state of a new thread whose last comment (of `commentCount`) `author` wrote: read by its author. */
export const newThreadReadState = (commentCount: number, author: string) => ({
  commentSeq: commentCount,
  readBy: { [author]: commentCount },
  readVersion: 0,
});

/** The counter changes of a new thread: the document's, and its author's read. */
export const newThreadCounts = (
  apiKey: string,
  annotation: AnnotationRecord,
  author: string,
  now: number,
) => [
  threadCountChange(apiKey, annotation, { total: 1, open: openCount(annotation.status) }, now),
  readCountChange(apiKey, annotation, author, 1, now),
];

/**
 * What comments added to a thread do to its read state: `commentSeq` moves on by `added`; every
 * reader but the last comment's author loses the read (`unread`); that author has read it up to
 * the new comment (`authorGains` when they had not before).
 */
export function readAfterComments(annotation: AnnotationRecord, author: string, added: number) {
  const readBy = annotation.readBy ?? {};
  return {
    commentSeq: (annotation.commentSeq ?? 0) + added,
    unread: Object.keys(readBy).filter((userId) => userId !== author),
    authorGains: readBy[author] === undefined,
  };
}

/** The part of a reply's thread Update that moves its read state (`readAfterComments`), with counters. */
export function commentReadChange(
  apiKey: string,
  annotation: AnnotationRecord,
  author: string,
  added: number,
  now: number,
) {
  const plan = readAfterComments(annotation, author, added);
  const holds = readStateHolds(annotation);
  const fresh = annotation.readBy === undefined;
  return {
    set: [
      'commentSeq = :commentSeq',
      'readVersion = :nextReadVersion',
      fresh ? 'readBy = :readBy' : 'readBy.#author = :commentSeq',
    ],
    remove: plan.unread.map((_, index) => `readBy.#r${index}`),
    condition: holds.condition,
    names: { ...(fresh ? {} : { '#author': author }), ...readerNames(plan.unread) },
    values: {
      ':commentSeq': plan.commentSeq,
      ':nextReadVersion': (annotation.readVersion ?? 0) + 1,
      ...(fresh && { ':readBy': { [author]: plan.commentSeq } }),
      ...holds.values,
    },
    counters: [
      ...plan.unread.map((userId) => readCountChange(apiKey, annotation, userId, -1, now)),
      ...(plan.authorGains ? [readCountChange(apiKey, annotation, author, 1, now)] : []),
    ],
  };
}

/**
 * Transaction items taking `userIds` off a thread's readers (their counters −1), on condition that
 * its read state is as read: what a write does first when its readers do not fit its own
 * transaction (at most 99 a transaction).
 */
export function readerRemoval(
  apiKey: string,
  annotation: AnnotationRecord,
  userIds: readonly string[],
  now: number,
): TransactItem[] {
  const holds = readStateHolds(annotation);
  return [
    {
      Update: inTable({
        Key: threadKey(apiKey, annotation),
        UpdateExpression: `SET readVersion = :nextReadVersion REMOVE ${userIds.map((_, i) => `readBy.#r${i}`).join(', ')}`,
        ConditionExpression: holds.condition,
        ExpressionAttributeNames: readerNames(userIds),
        ExpressionAttributeValues: { ':nextReadVersion': (annotation.readVersion ?? 0) + 1, ...holds.values },
      }),
    },
    ...userIds.map((userId) => readCountChange(apiKey, annotation, userId, -1, now)),
  ];
}

/** The annotation as a `readerRemoval` of `userIds` leaves it. */
export function withoutReaders(annotation: AnnotationRecord, userIds: readonly string[]): AnnotationRecord {
  const readBy = { ...annotation.readBy };
  for (const userId of userIds) delete readBy[userId];
  return { ...annotation, readBy, readVersion: (annotation.readVersion ?? 0) + 1 };
}

/**
 * Transaction items deleting a thread's own item with its counts: the document's `total` (and
 * `open`) −1 and each reader's −1, on condition that its status (`version`) and readers are as read.
 */
export function threadRemoval(apiKey: string, annotation: AnnotationRecord, now: number): TransactItem[] {
  const holds = readStateHolds(annotation);
  return [
    {
      Delete: inTable({
        Key: threadKey(apiKey, annotation),
        ConditionExpression: `version = :version AND ${holds.condition}`,
        ExpressionAttributeValues: { ':version': annotation.version, ...holds.values },
      }),
    },
    threadCountChange(apiKey, annotation, { total: -1, open: -openCount(annotation.status) }, now),
    ...readersOf(annotation).map((userId) => readCountChange(apiKey, annotation, userId, -1, now)),
  ];
}

/**
 * The transaction items that mark a thread read (`read`) or unread for `userId`, or none when it
 * is so already. Read: the user's `readBy` entry set to the current `commentSeq`, on condition that
 * no comment came since it was read; unread: the entry removed, on condition that it is as read.
 * Either changes `readVersion` and the user's counter.
 */
export function readMark(
  apiKey: string,
  ref: AnnotationRef,
  annotation: AnnotationRecord,
  userId: string,
  read: boolean,
  now: number,
): TransactItem[] {
  const commentSeq = annotation.commentSeq ?? 0;
  const entry = annotation.readBy?.[userId];
  if (read ? entry === commentSeq : entry === undefined) return [];
  const Key = threadKey(apiKey, ref);
  const seqHolds =
    annotation.commentSeq === undefined ? 'attribute_not_exists(commentSeq)' : 'commentSeq = :commentSeq';
  const entryHolds = entry === undefined ? 'attribute_not_exists(readBy.#user)' : 'readBy.#user = :entry';
  const fresh = annotation.readBy === undefined;
  const update = read
    ? {
        UpdateExpression: `SET ${fresh ? 'readBy = :readBy' : 'readBy.#user = :commentSeq'} ADD readVersion :one`,
        ConditionExpression: `${seqHolds} AND ${fresh ? 'attribute_not_exists(readBy)' : entryHolds}`,
        ExpressionAttributeNames: fresh ? undefined : { '#user': userId },
        ExpressionAttributeValues: {
          ':one': 1,
          ...(annotation.commentSeq !== undefined && { ':commentSeq': commentSeq }),
          ...(fresh && { ':readBy': { [userId]: commentSeq } }),
          ...(entry !== undefined && { ':entry': entry }),
        },
      }
    : {
        UpdateExpression: 'REMOVE readBy.#user ADD readVersion :one',
        ConditionExpression: entryHolds,
        ExpressionAttributeNames: { '#user': userId },
        ExpressionAttributeValues: { ':one': 1, ':entry': entry },
      };
  // An entry that is there already is counted already: setting it to the current comment adds nothing.
  const change = read ? (entry === undefined ? 1 : 0) : -1;
  return [
    { Update: inTable({ Key, ...update }) },
    ...(change === 0 ? [] : [readCountChange(apiKey, ref, userId, change, now)]),
  ];
}
