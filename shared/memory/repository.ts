import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite, type WriteRequest } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import type { IndexName } from '../db/entities/definition';
import { type EraseScope, eraseByIds, type ScopeListing } from '../db/erase';
import { type ItemKey, timelineSortKey } from '../db/key-parts';
import { keys } from '../db/keys';
import { startedEarly } from '../db/parallel';
import { queryAll, withoutKeys } from '../db/query-page';
import type { QuantisedVector } from './embedder';
import { type EmbeddingType, embeddingTypes, type Judgment, judgment as judgmentSchema } from './schemas';

type Item = Record<string, unknown>;

/** The puts and deletes that record (or clear) judgments; activity writers add them to their own writes. */
export interface JudgmentWrites {
  puts: Item[];
  deletes: ItemKey[];
}

/** How long a vector's tombstone stays on the change feed: far longer than a cached scope lives. */
const tombstoneSeconds = 24 * 60 * 60;

/**
 * The tombstone replacing a deleted vector item: it stays on the organization's change feed (until
 * its TTL) so that cached scopes drop the vector; scope reads skip it.
 */
function vectorTombstone(
  apiKey: string,
  organizationId: string,
  type: EmbeddingType,
  recordId: string,
  now: number,
) {
  return {
    ...keys.judgmentVector(apiKey, organizationId, type, recordId),
    ...keys.judgmentVectorChange(apiKey, { organizationId, type, recordId, updatedAt: now }),
    entity: entities.judgmentVectorTombstone.name,
    recordId,
    organizationId,
    updatedAt: now,
    ttl: Math.floor(now / 1000) + tombstoneSeconds,
  };
}

/** The writes that remove a judgment of `recordId`, if any: its item, and tombstones for its vectors. */
export function judgmentRemoval(
  apiKey: string,
  organizationId: string,
  recordId: string,
  now: number,
): JudgmentWrites {
  return {
    puts: embeddingTypes.map((type) => vectorTombstone(apiKey, organizationId, type, recordId, now)),
    deletes: [keys.judgment(apiKey, organizationId, recordId)],
  };
}

/** `judgmentRemoval` as `batchWrite` requests: the judgment's delete, then its vector tombstones. */
export function judgmentRemovalRequests(
  apiKey: string,
  organizationId: string,
  recordId: string,
  now: number,
): WriteRequest[] {
  const removal = judgmentRemoval(apiKey, organizationId, recordId, now);
  return [...removal.deletes.map((key) => ({ delete: key })), ...removal.puts.map((put) => ({ put }))];
}

/**
 * The items of one judgment: the judgment item on its timelines, and a compact vector item per
 * embedding it has (int8 bytes + scale, the filterable fields, the embedder's id) placed in its
 * organization's, document's and API key's vector partitions and on the organization's change
 * feed. When `replacing` an earlier version, a judgment without reviewed content leaves a tombstone
 * for any `content` vector that version had.
 */
export function judgmentItems(
  apiKey: string,
  judgment: Judgment,
  vectors: { review: QuantisedVector; content?: QuantisedVector },
  embedderId: string,
  now: number,
  replacing: boolean,
): Item[] {
  const { organizationId, documentId, recordId } = judgment;
  const items: Item[] = [
    {
      ...keys.judgment(apiKey, organizationId, recordId),
      ...keys.judgmentTimelines(apiKey, judgment),
      ...keys.userDataListing(apiKey, judgment.actionUser.userId, organizationId, 'judgment', recordId),
      entity: entities.judgment.name,
      ...judgment,
      embedder: embedderId,
      updatedAt: now,
    },
  ];
  for (const type of embeddingTypes) {
    const vector = vectors[type];
    if (!vector) {
      if (replacing) items.push(vectorTombstone(apiKey, organizationId, type, recordId, now));
      continue;
    }
    items.push({
      ...keys.judgmentVector(apiKey, organizationId, type, recordId),
      ...keys.judgmentVectorPlacements(apiKey, { organizationId, documentId, type, recordId }),
      ...keys.judgmentVectorChange(apiKey, { organizationId, type, recordId, updatedAt: now }),
      entity: entities.judgmentVector.name,
      recordId,
      organizationId,
      documentId,
      decision: judgment.decision,
      judgeType: judgment.judgeType,
      contentType: judgment.contentType,
      reviewerId: judgment.reviewerId,
      createdAt: judgment.createdAt,
      updatedAt: now,
      embedder: embedderId,
      vector: vector.bytes,
      scale: vector.scale,
    });
  }
  return items;
}

/** Filters applied to judgment and vector items alike (same attribute names on both). */
export interface ItemFilters {
  decision?: string;
  judgeType?: string;
  contentType?: string;
  reviewerId?: string;
  documentId?: string;
  /** Inclusive epoch-ms bounds on `createdAt`. */
  createdAt?: { start: number; end: number };
}

/** A FilterExpression for `filters`, or nothing when there is none. */
function filterExpression(
  filters: ItemFilters,
): Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  const clauses: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const name of ['decision', 'judgeType', 'contentType', 'reviewerId', 'documentId'] as const) {
    const value = filters[name];
    if (value === undefined) continue;
    clauses.push(`#f_${name} = :f_${name}`);
    names[`#f_${name}`] = name;
    values[`:f_${name}`] = value;
  }
  if (filters.createdAt) {
    clauses.push('#f_createdAt BETWEEN :f_start AND :f_end');
    names['#f_createdAt'] = 'createdAt';
    values[':f_start'] = filters.createdAt.start;
    values[':f_end'] = filters.createdAt.end;
  }
  if (clauses.length === 0) return {};
  return {
    FilterExpression: clauses.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** A stored vector with the fields search filters and ranks by. */
export interface VectorEntry {
  recordId: string;
  organizationId: string;
  decision: string;
  judgeType: string;
  contentType?: string;
  reviewerId?: string;
  createdAt: number;
  updatedAt: number;
  embedder: string;
  vector: Uint8Array;
}

/** What a vector Query returns: the entry's fields (the bytes included), and what marks a tombstone. */
const vectorProjection = {
  ProjectionExpression:
    '#id, #org, #decision, #judgeType, #contentType, #reviewerId, #createdAt, #updatedAt, #embedder, #vector, #entity',
  names: {
    '#id': 'recordId',
    '#org': 'organizationId',
    '#decision': 'decision',
    '#judgeType': 'judgeType',
    '#contentType': 'contentType',
    '#reviewerId': 'reviewerId',
    '#createdAt': 'createdAt',
    '#updatedAt': 'updatedAt',
    '#embedder': 'embedder',
    '#vector': 'vector',
    '#entity': 'entity',
  },
};

const isTombstone = (item: Item) => item.entity === entities.judgmentVectorTombstone.name;

function vectorEntry(item: Item): VectorEntry {
  return {
    recordId: item.recordId as string,
    organizationId: item.organizationId as string,
    decision: item.decision as string,
    judgeType: item.judgeType as string,
    ...(item.contentType !== undefined && { contentType: item.contentType as string }),
    ...(item.reviewerId !== undefined && { reviewerId: item.reviewerId as string }),
    createdAt: item.createdAt as number,
    updatedAt: item.updatedAt as number,
    embedder: item.embedder as string,
    vector: item.vector as Uint8Array,
  };
}

/**
 * Every vector of one embedding type in a search scope that passes `filters` and was made by
 * `embedderId`: one Query per partition (the organization's and API key's are sharded), all in
 * parallel, each reading only the compact vector items and returning only their entry fields.
 */
export async function scopeVectors(
  partitions: readonly { index?: IndexName; partition: string }[],
  filters: ItemFilters,
  embedderId: string,
): Promise<VectorEntry[]> {
  const filter = filterExpression(filters);
  const pages = await Promise.all(
    partitions.map(({ index, partition }) =>
      queryAll({
        ...(index && { IndexName: index }),
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: vectorProjection.ProjectionExpression,
        ...filter,
        ExpressionAttributeNames: {
          '#pk': index ? `${index}pk` : 'pk',
          ...vectorProjection.names,
          ...filter.ExpressionAttributeNames,
        },
        ExpressionAttributeValues: { ':pk': partition, ...filter.ExpressionAttributeValues },
      }),
    ),
  );
  return pages
    .flat()
    .filter((item) => !isTombstone(item) && item.embedder === embedderId)
    .map(vectorEntry);
}

/** A change on an organization's vector feed: the vector as now written, or its removal. */
export type VectorChange = { recordId: string; updatedAt: number } & (
  | { removed: true }
  | { removed: false; entry: VectorEntry }
);

/**
 * The changes to an organization's vectors of one type written at or after `since` (epoch ms), in
 * write order: one Query of its change feed (more pages past ≈ 1 MB).
 */
export async function vectorChangesSince(
  apiKey: string,
  organizationId: string,
  type: EmbeddingType,
  since: number,
): Promise<VectorChange[]> {
  const { index, partition } = keys.judgmentVectorChanges(apiKey, organizationId, type);
  const items = await queryAll({
    IndexName: index,
    KeyConditionExpression: '#pk = :pk AND #sk >= :since',
    ProjectionExpression: vectorProjection.ProjectionExpression,
    ExpressionAttributeNames: { '#pk': `${index}pk`, '#sk': `${index}sk`, ...vectorProjection.names },
    ExpressionAttributeValues: { ':pk': partition, ':since': timelineSortKey(Math.max(0, since), '') },
  });
  return items.map((item) =>
    isTombstone(item)
      ? { recordId: item.recordId as string, updatedAt: item.updatedAt as number, removed: true }
      : {
          recordId: item.recordId as string,
          updatedAt: item.updatedAt as number,
          removed: false,
          entry: vectorEntry(item),
        },
  );
}

const parseJudgment = (item: Item): Judgment => judgmentSchema.parse(withoutKeys(item));

/**
 * Whether a judgment item is of the current incarnation of its organization and document
 * (shared/db/incarnations.ts): its document timeline key names both, so it is the one the key
 * builders give now. A timeline across organizations or documents meets the old incarnation's items
 * until their erasure job removes them; they are not shown.
 */
export const judgmentOfCurrentIncarnation = (apiKey: string, item: Item) =>
  item.gsi3pk ===
  keys.judgmentTimeline(apiKey, {
    by: 'document',
    organizationId: item.organizationId as string,
    id: item.documentId as string,
  }).partition;

/** Judgments by id (one BatchGetItem per 100), in the order asked; missing ones (and an old incarnation's) are left out. */
export async function findJudgments(
  apiKey: string,
  refs: readonly { organizationId: string; recordId: string }[],
): Promise<Judgment[]> {
  const items = await batchGet(refs.map((ref) => keys.judgment(apiKey, ref.organizationId, ref.recordId)));
  const byKey = new Map(
    items
      .filter((item) => judgmentOfCurrentIncarnation(apiKey, item))
      .map((item) => [
        `${item.organizationId as string}\u0000${item.recordId as string}`,
        parseJudgment(item),
      ]),
  );
  return refs
    .map((ref) => byKey.get(`${ref.organizationId}\u0000${ref.recordId}`))
    .filter((found): found is Judgment => found !== undefined);
}

/**
 * Up to `limit` judgments of one timeline in time order (`asc` oldest first), optionally within a
 * `createdAt` window (applied in the key condition), keeping those that pass `filters` — plus how
 * many in the timeline (and window) pass them. The page is read in growing Query steps until it
 * is full; the count is a parallel `Select: COUNT` Query of the whole range. `started` is
 * `startTimelineRead`'s first requests, when already started. Items of an old incarnation are left
 * out of the page (the count includes them until they are erased).
 */
export async function timelineJudgments(
  query: TimelineQuery,
  started = startTimelineRead(query),
): Promise<{ judgments: Judgment[]; total: number }> {
  const base = timelineBase(query);
  const readPage = async () => {
    const found: Judgment[] = [];
    let startKey: Item | undefined;
    let limit = query.limit + 1;
    let first: Promise<QueryCommandOutput> | undefined = started.page;
    do {
      const output =
        (await first) ??
        (await db().send(
          new QueryCommand({ ...base, TableName: tableName(), Limit: limit, ExclusiveStartKey: startKey }),
        ));
      first = undefined;
      found.push(
        ...(output.Items ?? [])
          .filter((item) => judgmentOfCurrentIncarnation(query.apiKey, item))
          .map(parseJudgment),
      );
      startKey = output.LastEvaluatedKey;
      // Filters rejected items: read on in growing steps rather than item by item.
      limit = Math.min(1000, limit * 4);
    } while (startKey && found.length < query.limit);
    return found.slice(0, query.limit);
  };
  const count = async () => {
    let total = 0;
    let startKey: Item | undefined;
    let first: Promise<QueryCommandOutput> | undefined = started.count;
    do {
      const output =
        (await first) ??
        (await db().send(
          new QueryCommand({ ...base, TableName: tableName(), Select: 'COUNT', ExclusiveStartKey: startKey }),
        ));
      first = undefined;
      total += output.Count ?? 0;
      startKey = output.LastEvaluatedKey;
    } while (startKey);
    return total;
  };
  const [judgments, total] = await Promise.all([readPage(), count()]);
  return { judgments, total };
}

/** What `timelineJudgments` reads: a timeline, its order, an optional window, filters and a page size. */
export interface TimelineQuery {
  /** Whose judgments (the incarnation check rebuilds their keys). */
  apiKey: string;
  timeline: { index: IndexName; partition: string };
  order: 'asc' | 'desc';
  window?: { start: number; end: number };
  filters: ItemFilters;
  limit: number;
}

/**
 * The first requests of `timelineJudgments` — the page's and the count's, two bounded Queries —
 * started early (a route's prefetch); any further pages follow once the caller is authenticated.
 */
export function startTimelineRead(query: TimelineQuery) {
  const base = timelineBase(query);
  return {
    page: startedEarly(
      db().send(new QueryCommand({ ...base, TableName: tableName(), Limit: query.limit + 1 })),
    ),
    count: startedEarly(db().send(new QueryCommand({ ...base, TableName: tableName(), Select: 'COUNT' }))),
  };
}

function timelineBase(query: TimelineQuery): Omit<QueryCommandInput, 'TableName'> {
  const { index, partition } = query.timeline;
  const filter = filterExpression(query.filters);
  const base: Omit<QueryCommandInput, 'TableName'> = {
    IndexName: index,
    KeyConditionExpression: `#pk = :pk${query.window ? ' AND #sk BETWEEN :from AND :to' : ''}`,
    ...filter,
    ExpressionAttributeNames: {
      '#pk': `${index}pk`,
      ...(query.window && { '#sk': `${index}sk` }),
      ...filter.ExpressionAttributeNames,
    },
    ExpressionAttributeValues: {
      ':pk': partition,
      ...(query.window && {
        ':from': timelineSortKey(query.window.start, ''),
        ':to': timelineSortKey(query.window.end + 1, ''),
      }),
      ...filter.ExpressionAttributeValues,
    },
    ScanIndexForward: query.order === 'asc',
  };
  return base;
}

/** Ids of up to `limit` judgments still on a document's timeline (one Query; migration batches). */
export async function documentJudgmentIds(
  apiKey: string,
  organizationId: string,
  documentId: string,
  limit: number,
): Promise<string[]> {
  const { index, partition } = keys.judgmentTimeline(apiKey, {
    by: 'document',
    organizationId,
    id: documentId,
  });
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': `${index}pk` },
      ExpressionAttributeValues: { ':pk': partition },
      ProjectionExpression: 'recordId',
      Limit: limit,
    }),
  );
  return (output.Items ?? []).map((item) => item.recordId as string);
}

/** Whether a document has any judgment (its gsi3 timeline, one Query with `Limit: 1`). */
export async function hasDocumentJudgments(apiKey: string, organizationId: string, documentId: string) {
  return (await documentJudgmentIds(apiKey, organizationId, documentId, 1)).length > 0;
}

/**
 * Moves one judgment from document `from` to `to` in place (migration): its vector items first,
 * then the judgment item, each one UpdateItem conditional on still being on `from`, so the
 * judgment stays listed under `from` until everything of it moved, and a repeat is a no-op.
 */
export async function moveJudgment(
  apiKey: string,
  organizationId: string,
  recordId: string,
  move: { from: string; to: string },
): Promise<boolean> {
  const moveItem = async (key: ItemKey, gsi3pk: string) => {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET #documentId = :to, #gsi3pk = :gsi3pk',
          ConditionExpression: '#documentId = :from',
          ExpressionAttributeNames: { '#documentId': 'documentId', '#gsi3pk': 'gsi3pk' },
          ExpressionAttributeValues: { ':to': move.to, ':from': move.from, ':gsi3pk': gsi3pk },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  };
  await Promise.all(
    embeddingTypes.map((type: EmbeddingType) =>
      moveItem(
        keys.judgmentVector(apiKey, organizationId, type, recordId),
        keys.judgmentVectorPlacements(apiKey, { organizationId, documentId: move.to, type, recordId }).gsi3pk,
      ),
    ),
  );
  return moveItem(
    keys.judgment(apiKey, organizationId, recordId),
    keys.judgmentTimeline(apiKey, { by: 'document', organizationId, id: move.to }).partition,
  );
}

/** An organization's judgments (the judgment partition) or one document's (its gsi3 timeline). */
const judgmentListing: ScopeListing = {
  idAttribute: 'recordId',
  organization: { partition: keys.judgmentPartition, prefix: 'J#' },
  document: (apiKey, organizationId, id) =>
    keys.judgmentTimeline(apiKey, { by: 'document', organizationId, id }),
};

/**
 * Erases one page (up to `limit`) of an organization's judgments (the judgment partition) or of one
 * document's (its gsi3 timeline): each judgment item deleted, its vectors tombstoned so cached
 * scopes drop them (`judgmentRemoval`). Judgments normally go with their activities; this catches
 * any left.
 */
export function eraseJudgmentPage(scope: EraseScope, limit: number, now: number, startKey?: Item) {
  const { apiKey, organizationId } = scope;
  return eraseByIds(scope, judgmentListing, { limit, startKey }, (ids) =>
    removeJudgments(apiKey, organizationId, ids, now),
  );
}

/** Removes judgments by id: each item deleted, its vectors tombstoned (one BatchWriteItem per 25 writes). */
export async function removeJudgments(
  apiKey: string,
  organizationId: string,
  recordIds: readonly string[],
  now: number,
) {
  await batchWrite(
    recordIds.flatMap((recordId) => judgmentRemovalRequests(apiKey, organizationId, recordId, now)),
  );
}

/** Which of the given ids have a judgment (one BatchGetItem per 100, projected to the id). */
export async function existingJudgments(
  apiKey: string,
  organizationId: string,
  recordIds: readonly string[],
) {
  const found = await batchGet(
    recordIds.map((id) => keys.judgment(apiKey, organizationId, id)),
    ['recordId'],
  );
  return found.map((item) => item.recordId as string);
}
