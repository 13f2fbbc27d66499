import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { type TransactItem, transactionLimit } from '../db/batch';
import { accessPatterns, entities } from '../db/entities';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';
import { commit } from './repository';
import { annotationRecord } from './schemas';

type Item = Record<string, unknown>;

/** A comment partition an organization's gsi2 listing names: the document it belongs to. */
export interface CommentPartition {
  partition: string;
  documentId: string;
}

/**
 * The comment partitions of an organization, each once, in listing order: one Query (paged) of
 * its gsi2 listing, where every thread item and every document counter has an entry.
 */
export async function commentPartitionsOf(
  apiKey: string,
  organizationId: string,
): Promise<CommentPartition[]> {
  const entries = await queryAll({
    IndexName: accessPatterns.documentPartitionsOfOrganization.index,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.commentsOrganizationListingPartition(apiKey, organizationId) },
    ProjectionExpression: 'pk, documentId',
  });
  const partitions = new Map<string, CommentPartition>();
  for (const entry of entries)
    partitions.set(entry.pk as string, {
      partition: entry.pk as string,
      documentId: entry.documentId as string,
    });
  return [...partitions.values()];
}

/** A stored thread counter: its value(s) and `version` (absent on a counter from before versions). */
export interface StoredCounter {
  values: Record<string, number>;
  version?: number;
}

/** A document's stored counters: `T#COUNT` (`total`, `open`) and each user's `threadsRead`. */
export interface StoredCounters {
  document?: StoredCounter;
  readers: Map<string, StoredCounter>;
}

const numberOf = (item: Item, attribute: string) => (item[attribute] as number | undefined) ?? 0;

/** A document's thread counters as stored now: one consistent Query of `T#` (paged). */
export async function readStoredCounters(partition: string): Promise<StoredCounters> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition, ':prefix': keys.threadCountersPrefix },
    ConsistentRead: true,
  });
  const counters: StoredCounters = { readers: new Map() };
  for (const item of items) {
    const version = item.version as number | undefined;
    if (item.entity === entities.threadCounter.name)
      counters.document = {
        values: { total: numberOf(item, 'total'), open: numberOf(item, 'open') },
        version,
      };
    else
      counters.readers.set(item.userId as string, {
        values: { threadsRead: numberOf(item, 'threadsRead') },
        version,
      });
  }
  return counters;
}

/** What a recount needs of a thread: its status and who has read it. */
const threadReadState = /* @__PURE__ */ buildSchema(() =>
  z.pick(annotationRecord, { status: true, readBy: true }),
);
export type ThreadReadState = z.infer<typeof threadReadState>;

/** A document's thread items, projected to status and readers: one consistent Query of `A#` (paged, filtered). */
export async function readThreadStates(partition: string): Promise<ThreadReadState[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'entity = :entity',
    ProjectionExpression: '#status, readBy',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': partition,
      ':prefix': keys.commentsPrefix,
      ':entity': entities.commentAnnotation.name,
    },
    ConsistentRead: true,
  });
  return items.map((item) => threadReadState.parse(item));
}

/**
 * A counter change (`threadCountChange`, `readCountChange`) made conditional on the counter being
 * as read: its `version` unchanged (every thread write that moves it bumps it), or, read without
 * one, still without one, or, not read at all, still absent.
 */
export function onStoredVersion(change: TransactItem, stored: StoredCounter | undefined): TransactItem {
  const update = change.Update!;
  const condition =
    stored === undefined
      ? 'attribute_not_exists(pk)'
      : stored.version === undefined
        ? 'attribute_exists(pk) AND attribute_not_exists(#storedVersion)'
        : '#storedVersion = :storedVersion';
  return {
    Update: {
      ...update,
      ConditionExpression: condition,
      ExpressionAttributeNames: {
        ...update.ExpressionAttributeNames,
        ...(stored !== undefined && { '#storedVersion': 'version' }),
      },
      ExpressionAttributeValues: {
        ...update.ExpressionAttributeValues,
        ...(stored?.version !== undefined && { ':storedVersion': stored.version }),
      },
    },
  };
}

/**
 * Writes a recount's conditional counter changes, one transaction per 100. False when a condition
 * failed (a thread write moved a counter since it was read): the caller recounts the document.
 */
export async function writeRecount(changes: readonly TransactItem[]): Promise<boolean> {
  let settled = true;
  for (let start = 0; start < changes.length; start += transactionLimit)
    if (await commit(changes.slice(start, start + transactionLimit))) settled = false;
  return settled;
}
