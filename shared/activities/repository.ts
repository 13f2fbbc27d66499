import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite, inTable, setAssignments, type TransactItem } from '../db/batch';
import { db, tableName } from '../db/client';
import { applyConditionalUpdates, setIfExists } from '../db/conditional-updates';
import { entities } from '../db/entities';
import type { IndexName } from '../db/entities/definition';
import { type EraseScope, eraseByIds, type ScopeListing } from '../db/erase';
import { keys } from '../db/keys';
import { queryAll } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import { existingJudgments, judgmentRemovalRequests } from '../memory/repository';
import { type JudgmentWrites, judgmentWrites } from '../memory/writes';
import type { DocumentMove, MovedPage } from '../plugins/mover';
import { stubbedFields } from '../plugins/profile-stub';
import { type Activity, type ActivityRecord, activityRecord, type UpdateActivity } from './schemas';

type Item = Record<string, unknown>;

const parse = (item: Item): ActivityRecord => activityRecord.parse(item);

/**
 * Whether an activity item is of the current incarnation of its organization and document
 * (shared/db/incarnations.ts): its document timeline key names both, so it is the one the key
 * builders give now. Timelines across documents (organization, user, target, feature) and lookups
 * by id meet a re-created document's old activities until its erasure removes them; they are not
 * shown (decisions §46).
 */
export const activityOfCurrentIncarnation = (apiKey: string, item: Item) => {
  const { organizationId, documentId } = item.metadata as { organizationId: string; documentId: string };
  return (
    item.gsi3pk ===
    keys.activityTimeline(apiKey, organizationId, { by: 'document', id: documentId }).partition
  );
};

function activityItem(apiKey: string, activity: ActivityRecord, now: number): Item {
  return {
    ...keys.activity(apiKey, activity.metadata.organizationId, activity.id),
    ...keys.activityTimelines(apiKey, {
      organizationId: activity.metadata.organizationId,
      documentId: activity.metadata.documentId,
      userId: activity.actionUser.userId,
      targetEntityId: activity.targetEntityId,
      featureType: activity.featureType,
      timestamp: activity.timestamp,
      id: activity.id,
    }),
    ...keys.userDataListing(
      apiKey,
      activity.actionUser.userId,
      activity.metadata.organizationId,
      'activity',
      activity.id,
    ),
    entity: entities.activity.name,
    ...activity,
    createdAt: now,
    updatedAt: now,
  };
}

/** Transaction items of judgment writes (puts, then deletes). */
const judgmentTransactItems = (writes: JudgmentWrites): TransactItem[] => [
  ...writes.puts.map((Item) => ({ Put: inTable({ Item }) })),
  ...writes.deletes.map((Key) => ({ Delete: inTable({ Key }) })),
];

/**
 * The transaction items that record one new activity, for producers that write an activity in the
 * same transaction as the change it describes (comments). Everything derived from an activity
 * record is added here, so every producer gets it: its judgment and the judgment's vectors (memory
 * search) when the activity records a decision — 1 to 3 more items, embedded by the configured
 * embedder.
 */
export async function activityTransactItems(
  apiKey: string,
  activity: ActivityRecord,
  now: number,
): Promise<TransactItem[]> {
  const judgments = await judgmentWrites(apiKey, [activity], now, { replacing: false });
  return [
    { Put: inTable({ Item: activityItem(apiKey, activity, now) }) },
    ...judgmentTransactItems(judgments),
  ];
}

/**
 * Writes activities with fresh, service-chosen ids, with their judgments: one BatchWriteItem per 25
 * items (they cannot collide).
 */
export async function putNewActivities(apiKey: string, activities: readonly ActivityRecord[], now: number) {
  if (activities.length === 0) return;
  const judgments = await judgmentWrites(apiKey, activities, now, { replacing: false });
  await batchWrite([
    ...activities.map((activity) => ({ put: activityItem(apiKey, activity, now) })),
    ...judgments.puts.map((put) => ({ put })),
  ]);
}

/**
 * Writes an activity with a caller-given id, replacing an earlier one of that id unless that one is
 * immutable, together with its judgment (or the removal of the earlier version's judgment): one
 * TransactWriteItems whose first item is the conditional activity put. False when an immutable
 * activity of that id exists (nothing is written).
 */
export async function putGivenActivity(apiKey: string, activity: ActivityRecord, now: number) {
  const judgments = await judgmentWrites(apiKey, [activity], now, { replacing: true });
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: inTable({
              Item: activityItem(apiKey, activity, now),
              ConditionExpression: 'attribute_not_exists(pk) OR NOT immutable = :true',
              ExpressionAttributeValues: { ':true': true },
            }),
          },
          ...judgmentTransactItems(judgments),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** Activities by id (one BatchGet per 100); missing ones (and an old incarnation's) are absent. */
export async function findActivities(apiKey: string, organizationId: string, ids: readonly string[]) {
  const items = await batchGet(ids.map((id) => keys.activity(apiKey, organizationId, id)));
  return items.filter((item) => activityOfCurrentIncarnation(apiKey, item)).map(parse);
}

/** Why an update was refused: no such activity, or it is immutable. */
export type UpdateOutcome = 'updated' | 'missing' | 'immutable';

/**
 * Changes an activity's updatable fields (one conditional UpdateItem returning the new record),
 * then re-derives its judgment from the updated record (one BatchWriteItem of its judgment items,
 * or of their deletion when it no longer records a decision). The two writes are not atomic; a
 * retry of the same update converges, since the judgment is a pure function of the record.
 */
export async function updateActivity(
  apiKey: string,
  organizationId: string,
  change: UpdateActivity,
  now: number,
): Promise<UpdateOutcome> {
  const { id, ...fields } = change;
  const set = setAssignments(fields);
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.activity(apiKey, organizationId, id),
        UpdateExpression: `SET updatedAt = :now, ${set.assignments}`,
        ConditionExpression: 'attribute_exists(pk) AND NOT immutable = :true',
        ExpressionAttributeNames: set.names,
        ExpressionAttributeValues: { ':now': now, ':true': true, ...set.values },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        ReturnValues: 'ALL_NEW',
      }),
    );
    const updated = parse(output.Attributes ?? {});
    const judgments = await judgmentWrites(apiKey, [updated], now, { replacing: true });
    await batchWrite([
      ...judgments.puts.map((put) => ({ put })),
      ...judgments.deletes.map((key) => ({ delete: key })),
    ]);
    return 'updated';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return error.Item ? 'immutable' : 'missing';
    throw error;
  }
}

/**
 * Deletes activities by id with their judgments, if any: the activity and judgment items deleted,
 * the vectors tombstoned (one BatchWriteItem per 25 writes; 4 writes an activity).
 */
export async function deleteActivities(
  apiKey: string,
  organizationId: string,
  ids: readonly string[],
  now: number,
) {
  await batchWrite(
    ids.flatMap((id) => [
      { delete: keys.activity(apiKey, organizationId, id) },
      ...judgmentRemovalRequests(apiKey, organizationId, id, now),
    ]),
  );
}

/**
 * Replaces the profile copies of an erased user in every activity about one target entity (a
 * comment thread): others' activities embed the thread's assignee and the comment's author. One
 * Query of the target's timeline (gsi5), then one TransactWriteItems per 100 changed activities.
 * Immutability does not hold an erasure back (addendum §10).
 */
export async function stubTargetActivityProfiles(
  apiKey: string,
  organizationId: string,
  targetEntityId: string,
  userId: string,
): Promise<void> {
  const timeline = keys.activityTimeline(apiKey, organizationId, { by: 'target', id: targetEntityId });
  const items = await queryAll({
    IndexName: timeline.index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${timeline.index}pk` },
    ExpressionAttributeValues: { ':pk': timeline.partition },
  });
  const updates = items.flatMap((item) => {
    const { actionUser, entityData, entityTargetData, changes } = item;
    const fields = stubbedFields({ actionUser, entityData, entityTargetData, changes }, userId);
    return Object.keys(fields).length > 0
      ? [setIfExists(keys.activity(apiKey, organizationId, item.id as string), fields)]
      : [];
  });
  await applyConditionalUpdates(updates);
}

/** Ids and immutability of every activity on one timeline (a document's, a target entity's). */
export async function listTimelineIds(timeline: { index: IndexName; partition: string }) {
  const items = await queryAll({
    IndexName: timeline.index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${timeline.index}pk`, '#id': 'id', '#immutable': 'immutable' },
    ExpressionAttributeValues: { ':pk': timeline.partition },
    ProjectionExpression: '#id, #immutable',
  });
  return items.map((item) => ({ id: item.id as string, immutable: item.immutable === true }));
}

/** Requests one timeline page may make per partition before it settles for a short page. */
const maxRequestsPerPartition = 50;

interface PartitionRead {
  matches: { sortKey: string; record: Activity }[];
  /** Sort key up to which the partition was read; absent when it was read to its end. */
  readTo?: string;
}

/**
 * Reads one timeline partition in order after `after`, keeping records of the current incarnation
 * that pass `keep`, until it holds `wanted` of them or the partition ends (bounded by
 * `maxRequestsPerPartition`).
 */
async function readPartition(
  apiKey: string,
  index: IndexName,
  partition: string,
  order: 'asc' | 'desc',
  after: string | undefined,
  wanted: number,
  keep: (record: Activity) => boolean,
): Promise<PartitionRead> {
  const sortKeyName = `${index}sk`;
  const matches: PartitionRead['matches'] = [];
  let startKey: Item | undefined;
  let limit = wanted;
  for (let request = 0; request < maxRequestsPerPartition; request += 1) {
    const output = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: `#pk = :pk${after === undefined ? '' : ` AND #sk ${order === 'asc' ? '>' : '<'} :after`}`,
        ExpressionAttributeNames: { '#pk': `${index}pk`, ...(after !== undefined && { '#sk': sortKeyName }) },
        ExpressionAttributeValues: { ':pk': partition, ...(after !== undefined && { ':after': after }) },
        ScanIndexForward: order === 'asc',
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of output.Items ?? []) {
      if (!activityOfCurrentIncarnation(apiKey, item)) continue;
      const record = parse(item);
      if (keep(record)) matches.push({ sortKey: item[sortKeyName] as string, record });
    }
    startKey = output.LastEvaluatedKey;
    if (!startKey || matches.length >= wanted) break;
    // Residual filters rejected records: read further in growing steps rather than item by item.
    limit = Math.min(1000, limit * 2);
  }
  return startKey ? { matches, readTo: startKey[sortKeyName] as string } : { matches };
}

/** One page of a timeline query, and the sort key to continue after (absent on the last page). */
export interface TimelinePage {
  records: Activity[];
  after?: string;
}

/**
 * One page of activities from one or more timeline partitions of the same index (several feature
 * types), merged by sort key. Each partition is read in parallel for `pageSize + 1` matches — one
 * Query each when `keep` accepts what the index selected — so a page is full whenever enough
 * matches exist, and the `+ 1` tells whether another page follows. Continuing after a sort key
 * (not a DynamoDB start key) lets one cursor serve every partition of the merge.
 */
export async function timelinePage(query: {
  apiKey: string;
  index: IndexName;
  partitions: readonly string[];
  order: 'asc' | 'desc';
  after?: string;
  pageSize: number;
  keep: (record: Activity) => boolean;
}): Promise<TimelinePage> {
  const reads = await Promise.all(
    query.partitions.map((partition) =>
      readPartition(
        query.apiKey,
        query.index,
        partition,
        query.order,
        query.after,
        query.pageSize + 1,
        query.keep,
      ),
    ),
  );
  const before = (a: string, b: string) => (query.order === 'asc' ? a < b : a > b);
  // Only records up to the nearest point where some partition stopped reading are known to be complete.
  const horizon = reads
    .map((read) => read.readTo)
    .filter((readTo): readTo is string => readTo !== undefined)
    .reduce<string | undefined>(
      (nearest, readTo) => (nearest === undefined || before(readTo, nearest) ? readTo : nearest),
      undefined,
    );
  const merged = reads
    .flatMap((read) => read.matches)
    .filter((match) => horizon === undefined || !before(horizon, match.sortKey))
    .sort((a, b) => (before(a.sortKey, b.sortKey) ? -1 : 1));
  const page = merged.slice(0, query.pageSize);
  const records = page.map((match) => match.record);
  if (merged.length > query.pageSize) return { records, after: page.at(-1)?.sortKey };
  return horizon === undefined ? { records } : { records, after: horizon };
}

/** One Query of a document's gsi3 activity timeline, ids only: up to `limit` after `startKey`. */
function queryDocumentActivityIds(
  apiKey: string,
  organizationId: string,
  documentId: string,
  limit: number,
  startKey?: Item,
) {
  const timeline = keys.activityTimeline(apiKey, organizationId, { by: 'document', id: documentId });
  return db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: timeline.index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': `${timeline.index}pk` },
      ExpressionAttributeValues: { ':pk': timeline.partition },
      ProjectionExpression: 'id',
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
}

/** Whether a document has any activity (its gsi3 timeline, one Query with `Limit: 1`). */
export async function hasDocumentActivities(apiKey: string, organizationId: string, documentId: string) {
  const output = await queryDocumentActivityIds(apiKey, organizationId, documentId, 1);
  return (output.Items ?? []).length > 0;
}

/**
 * Moves up to `limit` (≤ 100) activities of document `from` to document `to` (migration): one
 * Query of the document's timeline (ids only, after `startKey`), then one transaction of
 * conditional updates that set `metadata.documentId` and the gsi3 timeline key (single updates
 * only when an item's condition fails). An activity is one item, so it is never on both documents
 * and never twice on one. Returns how many moved and where the next batch starts.
 */
export async function moveDocumentActivities(
  move: DocumentMove,
  limit: number,
  startKey?: Item,
): Promise<MovedPage> {
  const { apiKey, organizationId } = move;
  const target = keys.activityTimeline(apiKey, organizationId, { by: 'document', id: move.to });
  const page = await queryDocumentActivityIds(apiKey, organizationId, move.from, limit, startKey);
  const moved = await applyConditionalUpdates(
    (page.Items ?? []).map((item) => ({
      Key: keys.activity(apiKey, organizationId, item.id as string),
      UpdateExpression: 'SET #metadata.#documentId = :to, #indexPk = :indexPk',
      // Still on `from`: a repeated batch or a concurrent duplicate changes nothing twice.
      ConditionExpression: '#metadata.#documentId = :from',
      ExpressionAttributeNames: {
        '#metadata': 'metadata',
        '#documentId': 'documentId',
        '#indexPk': `${target.index}pk`,
      },
      ExpressionAttributeValues: { ':to': move.to, ':from': move.from, ':indexPk': target.partition },
    })),
  );
  return page.LastEvaluatedKey ? { moved, nextKey: page.LastEvaluatedKey } : { moved };
}

/** An organization's activities (the whole activity partition) or one document's (its gsi3 timeline). */
const activityListing: ScopeListing = {
  idAttribute: 'id',
  organization: { partition: keys.activityPartition, prefix: 'ACT#' },
  document: (apiKey, organizationId, id) =>
    keys.activityTimeline(apiKey, organizationId, { by: 'document', id }),
};

/**
 * Erases one page (up to `limit`) of an organization's activities (the whole activity partition)
 * or of one document's (its gsi3 timeline), with their judgments: one Query, one BatchGetItem of
 * the page's judgment keys (most activities record no decision), then one BatchWriteItem per 25
 * writes — 1 per activity, 3 more (judgment, 2 vector tombstones) per judged one.
 */
export function eraseActivityPage(scope: EraseScope, limit: number, now: number, startKey?: Item) {
  const { apiKey, organizationId } = scope;
  return eraseByIds(scope, activityListing, { limit, startKey }, async (ids) => {
    const judged = await existingJudgments(apiKey, organizationId, ids);
    await batchWrite([
      ...ids.map((id) => ({ delete: keys.activity(apiKey, organizationId, id) })),
      ...judged.flatMap((id) => judgmentRemovalRequests(apiKey, organizationId, id, now)),
    ]);
  });
}
