import { nowMs } from '../core/clock';
import type { TransactItem } from '../db/batch';
import { keys } from '../db/keys';
import { openCount, readCountChange, threadCountChange } from './read-state';
import {
  commentPartitionsOf,
  onStoredVersion,
  readStoredCounters,
  readThreadStates,
  type StoredCounter,
  type StoredCounters,
  type ThreadReadState,
  writeRecount,
} from './recount-repository';

/**
 * Recounting thread counters from the thread items (decisions §86): for threads stored before
 * the counters existed, which no counter counted. Counters are read before threads and written on
 * condition that their `version` is unchanged, so a thread write in between (which bumps the
 * version of every counter it moves) makes the write fail and the document is recounted.
 */

type DocumentScope = { organizationId: string; documentId: string };

/** What a recount did so far; `unsettled` names documents that kept changing (left as they were). */
export interface RecountProgress {
  organizations: number;
  documents: number;
  countersWritten: number;
  unsettled: DocumentScope[];
}

/** Recounts of one document before it is reported as unsettled. */
const recountAttempts = 5;

/** What the thread items say the counters should hold. */
function countsOf(threads: readonly ThreadReadState[]) {
  const readers = new Map<string, number>();
  let open = 0;
  for (const thread of threads) {
    open += openCount(thread.status);
    for (const userId of Object.keys(thread.readBy ?? {}))
      readers.set(userId, (readers.get(userId) ?? 0) + 1);
  }
  return { total: threads.length, open, readers };
}

/**
 * The conditional changes that bring the stored counters to the counts, built by the write paths'
 * own builders (same attributes and listings; a read counter that should be 0 is kept at 0, as an
 * unread mark leaves it, so its user-data listing stays until the user's erasure).
 */
function recountChanges(
  apiKey: string,
  scope: DocumentScope,
  stored: StoredCounters,
  counts: ReturnType<typeof countsOf>,
  now: number,
): TransactItem[] {
  const storedValue = (counter: StoredCounter | undefined, name: string) => counter?.values[name] ?? 0;
  const changes: TransactItem[] = [];
  const total = counts.total - storedValue(stored.document, 'total');
  const open = counts.open - storedValue(stored.document, 'open');
  if (total !== 0 || open !== 0)
    changes.push(onStoredVersion(threadCountChange(apiKey, scope, { total, open }, now), stored.document));
  for (const userId of new Set([...stored.readers.keys(), ...counts.readers.keys()])) {
    const counter = stored.readers.get(userId);
    const change = (counts.readers.get(userId) ?? 0) - storedValue(counter, 'threadsRead');
    if (change !== 0)
      changes.push(onStoredVersion(readCountChange(apiKey, scope, userId, change, now), counter));
  }
  return changes;
}

/**
 * Recounts one document's counters in `partition`: its counters (one consistent Query), then its
 * threads (one consistent Query, paged), then only the counters that differ, each on condition of
 * its version as read. Recounted again when a condition fails; returns how many counters it wrote,
 * or undefined when the document kept changing through every attempt.
 */
export async function recountDocument(
  apiKey: string,
  scope: DocumentScope,
  partition: string,
): Promise<number | undefined> {
  for (let attempt = 0; attempt < recountAttempts; attempt += 1) {
    const stored = await readStoredCounters(partition);
    const threads = await readThreadStates(partition);
    const changes = recountChanges(apiKey, scope, stored, countsOf(threads), nowMs());
    if (await writeRecount(changes)) return changes.length;
  }
  return undefined;
}

/**
 * Recounts every document of an organization that has a comment partition (its gsi2 listing). A
 * partition listed under an earlier incarnation of its document (being erased) is left alone.
 */
export async function recountOrganization(
  apiKey: string,
  organizationId: string,
  progress: RecountProgress,
): Promise<void> {
  for (const { partition, documentId } of await commentPartitionsOf(apiKey, organizationId)) {
    if (partition !== keys.commentsPartition(apiKey, organizationId, documentId)) continue;
    const written = await recountDocument(apiKey, { organizationId, documentId }, partition);
    if (written === undefined) progress.unsettled.push({ organizationId, documentId });
    else progress.countersWritten += written;
    progress.documents += 1;
  }
  progress.organizations += 1;
}
