import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { nowMs } from '../core/clock';
import { ApiError } from '../core/errors';
import { batchGet, inTable, type TransactItem, transactionLimit } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { withoutKeys } from '../db/query-page';
import { conflict, rereadRetry, retryOnConflict } from '../db/retry';
import type { AnnotationRef } from './ids';
import {
  readCountChange,
  readerRemoval,
  readersOf,
  threadCountChange,
  threadRemoval,
  withoutReaders,
} from './read-state';
import { commit, findAnnotation } from './repository';
import { type AnnotationRecord, annotationRecord } from './schemas';

type Item = Record<string, unknown>;
type DocumentScope = { organizationId: string; documentId: string };

/** A document's thread counts, and with a user the threads that user has read (`threadsRead`). */
export interface ThreadCounts {
  total: number;
  open: number;
  threadsRead?: number;
}

const numberOf = (item: Item | undefined, attribute: string) =>
  (item?.[attribute] as number | undefined) ?? 0;

/**
 * The thread counters of `documentIds` and, with `userId`, the user's read counters of each: one
 * consistent BatchGetItem per 100 keys, all in parallel (one serial round trip for 100 documents
 * and a user). Zeros for a document without counters.
 */
export async function readThreadCounts(
  apiKey: string,
  organizationId: string,
  documentIds: readonly string[],
  userId: string | undefined,
): Promise<Map<string, ThreadCounts>> {
  const documentKeys = documentIds.map((documentId) =>
    keys.threadCounter(apiKey, organizationId, documentId),
  );
  const readKeys =
    userId === undefined
      ? []
      : documentIds.map((documentId) =>
          keys.threadReadCounter(apiKey, { organizationId, documentId, userId }),
        );
  const items = await batchGet([...documentKeys, ...readKeys], undefined, true);
  const found = new Map(items.map((item) => [`${item.pk}\u0000${item.sk}`, item]));
  const at = (key: { pk: string; sk: string } | undefined) => key && found.get(`${key.pk}\u0000${key.sk}`);
  return new Map(
    documentIds.map((documentId, index) => {
      const counter = at(documentKeys[index]);
      const read = at(readKeys[index]);
      const counts: ThreadCounts = { total: numberOf(counter, 'total'), open: numberOf(counter, 'open') };
      return [
        documentId,
        userId === undefined ? counts : { ...counts, threadsRead: numberOf(read, 'threadsRead') },
      ];
    }),
  );
}

/** Threads of one document by annotation id (one consistent BatchGetItem): their own items only. */
export async function findThreads(
  apiKey: string,
  scope: DocumentScope,
  annotationIds: readonly string[],
): Promise<Map<string, AnnotationRecord>> {
  const items = await batchGet(
    annotationIds.map((id) => keys.commentAnnotation(apiKey, scope.organizationId, scope.documentId, id)),
    undefined,
    true,
  );
  return new Map(
    items
      .map((item) => annotationRecord.parse(withoutKeys(item)))
      .map((annotation) => [annotation.annotationId, annotation]),
  );
}

/** Readers a removal transaction takes: the thread's Update and one counter each. */
const readersPerRemoval = transactionLimit - 1;

/**
 * Takes readers other than `keep` off a thread until at most `room` of them are left, in
 * transactions of 99 each conditioned on the read state as read, so a write whose own transaction
 * cannot hold every reader's counter fits. Returns the annotation as left, or `conflict` when its
 * read state changed meanwhile (the caller reads it again).
 */
export async function fitReaders(
  apiKey: string,
  annotation: AnnotationRecord,
  room: number,
  now: number,
  keep?: string,
): Promise<AnnotationRecord | typeof conflict> {
  let current = annotation;
  for (;;) {
    const readers = readersOf(current).filter((userId) => userId !== keep);
    const excess = readers.length - room;
    if (excess <= 0) return current;
    const taken = readers.slice(0, Math.min(excess, readersPerRemoval));
    if (await commit(readerRemoval(apiKey, current, taken, now))) return conflict;
    current = withoutReaders(current, taken);
  }
}

/**
 * Deletes a thread's own item with its counts (`threadRemoval`) and `extra` items in one
 * transaction, readers that do not fit taken off first (`fitReaders`). A thread changed since it
 * was read (status, readers) is read again and retried; false when it is gone. Throws ABORTED
 * when it keeps changing.
 */
export function removeThread(
  apiKey: string,
  ref: AnnotationRef,
  first: AnnotationRecord,
  extra: readonly TransactItem[],
): Promise<boolean> {
  return retryOnConflict(
    rereadRetry,
    async (index) => {
      const now = nowMs();
      const read = index === 0 ? first : await findAnnotation(apiKey, ref);
      if (!read) return false;
      // The thread's Delete and the document's counter besides the extra items: the rest is for readers.
      const annotation = await fitReaders(apiKey, read, transactionLimit - 2 - extra.length, now);
      if (annotation === conflict) return conflict;
      const refused = await commit([...threadRemoval(apiKey, annotation, now), ...extra]);
      return refused ? conflict : true;
    },
    () => {
      throw new ApiError('ABORTED', 'The thread is being changed concurrently; retry.');
    },
  );
}

/** Counters moved per transaction: each is a Delete of the old and an `ADD` to the new. */
const countersPerTransaction = transactionLimit / 2;

/**
 * Moves up to `limit` of a document's thread counters to another document (migration), after its
 * threads: one consistent Query of the first counters still under `from`, then per 50 one
 * transaction that deletes each on condition that it holds the values read and adds them to its
 * twin under `to`. A counter changed meanwhile is left for the next batch, which reads it again.
 * Returns whether more remain.
 */
export async function moveThreadCounters(
  apiKey: string,
  organizationId: string,
  move: { from: string; to: string },
  limit: number,
): Promise<{ more: boolean }> {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.commentsPartition(apiKey, organizationId, move.from),
        ':prefix': keys.threadCountersPrefix,
      },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  const counters = output.Items ?? [];
  const now = nowMs();
  const target = { organizationId, documentId: move.to };
  const moves = counters.map((counter): TransactItem[] => {
    const key = { pk: counter.pk as string, sk: counter.sk as string };
    const counted: Record<string, number> =
      counter.entity === entities.threadCounter.name
        ? { total: numberOf(counter, 'total'), open: numberOf(counter, 'open') }
        : { threadsRead: numberOf(counter, 'threadsRead') };
    const names = Object.keys(counted);
    return [
      {
        Delete: inTable({
          Key: key,
          // `total` and `open` are reserved words: every name goes through a placeholder.
          ConditionExpression: names.map((name) => `#${name} = :${name}`).join(' AND '),
          ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, counted[name]])),
        }),
      },
      counter.entity === entities.threadCounter.name
        ? threadCountChange(
            apiKey,
            target,
            { total: numberOf(counter, 'total'), open: numberOf(counter, 'open') },
            now,
          )
        : readCountChange(apiKey, target, counter.userId as string, numberOf(counter, 'threadsRead'), now),
    ];
  });
  let refused = false;
  for (let start = 0; start < moves.length; start += countersPerTransaction)
    if (await commit(moves.slice(start, start + countersPerTransaction).flat())) refused = true;
  return { more: output.LastEvaluatedKey !== undefined || refused };
}
