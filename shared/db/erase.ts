import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { db, tableName } from './client';
import { accessPatterns } from './entities';
import type { IndexName } from './entities/definition';
import type { ItemKey } from './key-parts';

type Item = Record<string, unknown>;

/** An organization (no `documentId`) or one document of it, within an API key: what a deletion erases. */
export interface EraseScope {
  readonly apiKey: string;
  readonly organizationId: string;
  readonly documentId?: string;
  /**
   * When it was deleted (the erasure job's creation, epoch ms): records on attributes of items
   * that outlive the scope (access entries on user items) are erased only when not newer, so a
   * re-created document keeps what was granted on it since.
   */
  readonly deletedAt: number;
}

/** Where the items to erase are listed: a table partition (optionally a sort-key prefix) or an index partition. */
export interface ErasableRange {
  readonly index?: IndexName;
  readonly partition: string;
  readonly prefix?: string;
}

/**
 * Where a domain lists the records of a scope it erases by id: the organization's whole range, or,
 * for a document scope, the document's (a timeline or listing index). One choice for every
 * domain's eraser (`eraseByIds`).
 */
export interface ScopeListing {
  /** The attribute of a listed item that holds its record's id. */
  readonly idAttribute: string;
  /** The organization's partition of these records and their sort-key prefix in it. */
  readonly organization: { partition: (apiKey: string, organizationId: string) => string; prefix: string };
  document(apiKey: string, organizationId: string, documentId: string): ErasableRange;
}

/** What one erasing page did, and where the next continues (none: the range is read to its end). */
export interface ErasedPage {
  readonly erased: number;
  readonly nextKey?: Item;
}

/** One page of a range's item keys (strongly consistent on the table; indexes cannot be). */
export async function keyPage(range: ErasableRange, limit: number, startKey?: Item, extra: string[] = []) {
  const pkName = range.index ? `${range.index}pk` : 'pk';
  const skName = range.index ? `${range.index}sk` : 'sk';
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...(range.index ? { IndexName: range.index } : { ConsistentRead: true }),
      KeyConditionExpression:
        range.prefix === undefined ? '#pk = :pk' : '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: {
        '#pk': pkName,
        ...(range.prefix !== undefined && { '#sk': skName }),
        ...Object.fromEntries(extra.map((name, index) => [`#x${index}`, name])),
      },
      ExpressionAttributeValues: {
        ':pk': range.partition,
        ...(range.prefix !== undefined && { ':prefix': range.prefix }),
      },
      ProjectionExpression: ['pk', 'sk', ...extra.map((_, index) => `#x${index}`)].join(', '),
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: output.Items ?? [], nextKey: output.LastEvaluatedKey };
}

const keyOf = (item: Item): ItemKey => ({ pk: item.pk as string, sk: item.sk as string });

/**
 * Deletes one page (up to `limit`) of a range's items: one Query of keys, one BatchWriteItem per
 * 25. Deleting is idempotent, so a repeated page (a retried run) erases nothing twice.
 */
export async function erasePage(range: ErasableRange, limit: number, startKey?: Item): Promise<ErasedPage> {
  const page = await keyPage(range, limit, startKey);
  await batchWrite(page.items.map((item) => ({ delete: keyOf(item) })));
  return { erased: page.items.length, ...(page.nextKey && { nextKey: page.nextKey }) };
}

/** Deletes every item of a table partition, page by page. Returns how many it deleted. */
export async function erasePartition(partition: string): Promise<number> {
  let erased = 0;
  let startKey: Item | undefined;
  do {
    const page = await erasePage({ partition }, 1000, startKey);
    erased += page.erased;
    startKey = page.nextKey;
  } while (startKey);
  return erased;
}

/**
 * Deletes whole table partitions named by an index listing (each listing entry is an item of the
 * partition, e.g. a CRDT editor head): one page of the listing, then every partition it names.
 * Deleting a partition removes its listing entries, so a resumed run re-lists only what is left.
 */
export async function eraseListedPartitions(
  listing: ErasableRange,
  limit: number,
  startKey?: Item,
): Promise<ErasedPage> {
  const page = await keyPage(listing, limit, startKey);
  const partitions = [...new Set(page.items.map((item) => item.pk as string))];
  const counts = await Promise.all(partitions.map(erasePartition));
  const erased = counts.reduce((sum, count) => sum + count, 0);
  return { erased, ...(page.nextKey && { nextKey: page.nextKey }) };
}

/**
 * One page (up to `limit`, after `startKey`) of a scope's records erased by the owning domain: the
 * ids on the scope's `listing` are handed to `remove` (which deletes each record with whatever goes
 * with it). One Query, then `remove`'s writes.
 */
export async function eraseByIds(
  scope: EraseScope,
  listing: ScopeListing,
  page: { limit: number; startKey?: Item },
  remove: (ids: string[]) => Promise<void>,
): Promise<ErasedPage> {
  const { apiKey, organizationId, documentId } = scope;
  const range =
    documentId === undefined
      ? {
          partition: listing.organization.partition(apiKey, organizationId),
          prefix: listing.organization.prefix,
        }
      : listing.document(apiKey, organizationId, documentId);
  const read = await keyPage(range, page.limit, page.startKey, [listing.idAttribute]);
  await remove(read.items.map((item) => item[listing.idAttribute] as string));
  return { erased: read.items.length, ...(read.nextKey && { nextKey: read.nextKey }) };
}

/**
 * One page of a document's partition (`partition`), or for an organization, of the partitions its
 * index `listing` names (gsi2), each whole: CRDT content and comments.
 */
export function eraseDocumentPartitions(
  place: { partition: string } | { listing: string },
  limit: number,
  startKey?: Item,
): Promise<ErasedPage> {
  return 'listing' in place
    ? eraseListedPartitions(
        { index: accessPatterns.documentPartitionsOfOrganization.index, partition: place.listing },
        limit,
        startKey,
      )
    : erasePage({ partition: place.partition }, limit, startKey);
}
