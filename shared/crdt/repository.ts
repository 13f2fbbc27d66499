import { randomBytes } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { nowMs } from '../core/clock';
import { ApiError, alreadyExists } from '../core/errors';
import { batchWrite, inTable, type TransactItem, transactWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { updateIf } from '../db/conditional-updates';
import { entities } from '../db/entities';
import { dueIndexKeys } from '../db/entities/lifecycle';
import { type ErasedPage, type EraseScope, eraseDocumentPartitions } from '../db/erase';
import { currentIncarnations, incarnationsWithin } from '../db/incarnations';
import type { ItemKey } from '../db/key-parts';
import { keys } from '../db/keys';
import { queryAll, withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import type { DocumentMove, MovedPage } from '../plugins/mover';
import type { PublishedEvent } from '../webhooks/event-schemas';
import { outboxPut } from '../webhooks/outbox';
import { type EditorHead, editorHead } from './schemas';

/** Which editor of which document. */
export interface EditorRef {
  organizationId: string;
  documentId: string;
  editorId: string;
}

/** Who changed the state and when; kept on every stored update so `lastUpdate` survives compaction. */
export interface Change {
  updatedAt: number;
  updatedBy: string | null;
}

/** A complete stored Yjs update (all its parts present): an appended one or a snapshot. */
export interface UpdateRecord extends Change {
  kind: 'LOG' | 'SNAP';
  /** Time-ordered: milliseconds (`sequence`) then random hex, so concurrent writers never collide. */
  recordId: string;
  sequence: number;
  bytes: Uint8Array;
  keys: ItemKey[];
}

/** An editor as one Query found it: its head and its complete records. */
export interface EditorRecord {
  head: EditorHead;
  records: UpdateRecord[];
  /** Parts of records left incomplete by a writer that died long ago, for compaction to delete. */
  abandonedKeys: ItemKey[];
}

/** Stored parts stay below DynamoDB's 400 KB item limit with room for the other attributes. */
export const maxPartBytes = 350 * 1024;

/** A record still incomplete after this long was abandoned by its writer (Lambda runs ≤ 15 min). */
const abandonedAfterMs = 15 * 60 * 1000;

/** A new record id, later than `after` (the newest sequence the writer has seen) even under clock skew. */
export function newRecordId(now: number, after = 0): { recordId: string; sequence: number } {
  const sequence = Math.max(now, after + 1);
  return { recordId: `${String(sequence).padStart(15, '0')}${randomBytes(4).toString('hex')}`, sequence };
}

type Item = Record<string, unknown>;

function partItems(
  apiKey: string,
  ref: EditorRef,
  kind: UpdateRecord['kind'],
  record: Omit<UpdateRecord, 'kind' | 'keys'>,
) {
  const count = Math.max(1, Math.ceil(record.bytes.length / maxPartBytes));
  return Array.from({ length: count }, (_, index) => ({
    ...keys.crdtPart(apiKey, ref, kind, record.recordId, index),
    entity: entities.crdtPart.name,
    editorId: ref.editorId,
    kind,
    recordId: record.recordId,
    sequence: record.sequence,
    part: index,
    partCount: count,
    bytes: record.bytes.subarray(index * maxPartBytes, (index + 1) * maxPartBytes),
    createdAt: record.updatedAt,
    updatedAt: record.updatedAt,
    updatedBy: record.updatedBy,
  }));
}

/** Reassembles records from their parts; incomplete ones (a write in progress or abandoned) are left out. */
function assemble(parts: Item[], now: number): { records: UpdateRecord[]; abandonedKeys: ItemKey[] } {
  const byRecord = new Map<string, Item[]>();
  for (const part of parts) {
    const id = `${part.kind}#${part.recordId}`;
    byRecord.set(id, [...(byRecord.get(id) ?? []), part]);
  }
  const records: UpdateRecord[] = [];
  const abandonedKeys: ItemKey[] = [];
  for (const group of byRecord.values()) {
    const first = group[0]!;
    const itemKeys = group.map((part) => ({ pk: part.pk as string, sk: part.sk as string }));
    if (group.length !== first.partCount) {
      if ((first.sequence as number) < now - abandonedAfterMs) abandonedKeys.push(...itemKeys);
      continue;
    }
    const ordered = group.sort((a, b) => (a.part as number) - (b.part as number));
    records.push({
      kind: first.kind as UpdateRecord['kind'],
      recordId: first.recordId as string,
      sequence: first.sequence as number,
      bytes: Buffer.concat(ordered.map((part) => part.bytes as Uint8Array)),
      updatedAt: first.updatedAt as number,
      updatedBy: (first.updatedBy as string | null) ?? null,
      keys: itemKeys,
    });
  }
  return { records, abandonedKeys };
}

/**
 * Loads one editor (`editorId` given) or every editor of a document: one Query (strongly
 * consistent; a further page per MB). Editors without a head — leftovers of a failed add — are skipped.
 */
export async function loadEditors(
  apiKey: string,
  organizationId: string,
  documentId: string,
  editorId?: string,
  now = nowMs(),
): Promise<EditorRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.crdtPartition(apiKey, organizationId, documentId),
      ':prefix': editorId === undefined ? keys.crdtPrefix : keys.crdtEditorPrefix(editorId),
    },
    ConsistentRead: true,
  });
  const byEditor = new Map<string, Item[]>();
  for (const item of items) {
    const id = item.editorId as string;
    byEditor.set(id, [...(byEditor.get(id) ?? []), item]);
  }
  return [...byEditor.values()].flatMap((group) => {
    const head = group.find((item) => item.entity === entities.crdtEditor.name);
    if (!head) return [];
    return [
      {
        head: editorHead.parse(withoutKeys(head)),
        ...assemble(
          group.filter((item) => item !== head),
          now,
        ),
      },
    ];
  });
}

/**
 * Writes a record's parts: all but the last with plain batch writes (readers ignore an incomplete
 * record), the last inside `commit` — the one transaction that makes the record visible.
 */
async function writeRecord(parts: Item[], commit: (last: TransactItem) => TransactItem[]): Promise<void> {
  if (parts.length > 1) await batchWrite(parts.slice(0, -1).map((put) => ({ put })));
  await transactWrite(commit({ Put: inTable({ Item: parts[parts.length - 1]! }) }));
}

/**
 * Stores a new editor: its head (condition: none yet) and its initial state as a snapshot, in one
 * transaction for documents up to 350 KB; `alongside` items (its first version) are written with
 * it, `puts` before, `commit` in the transaction. Throws ALREADY_EXISTS when the editor has data,
 * ABORTED when another add of it is committing at this moment.
 */
export async function insertEditor(
  apiKey: string,
  head: EditorHead,
  state: Omit<UpdateRecord, 'kind' | 'keys'>,
  alongside: { puts: Item[]; commit: TransactItem[] } = { puts: [], commit: [] },
) {
  const parts = partItems(apiKey, head, 'SNAP', state);
  const headPut: TransactItem = {
    Put: inTable({
      Item: {
        ...keys.crdtHead(apiKey, head.organizationId, head.documentId, head.editorId),
        // Lists the document's CRDT partition under its organization, for the deletion cascade.
        ...keys.crdtOrganizationListing(apiKey, head.organizationId, head.documentId),
        ...(head.createdBy !== null &&
          keys.userDataListing(
            apiKey,
            head.createdBy,
            head.organizationId,
            'crdt',
            head.documentId,
            head.editorId,
          )),
        entity: entities.crdtEditor.name,
        ...head,
        updatedAt: head.createdAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  };
  try {
    // The version's leading parts go in the same BatchWriteItem as the snapshot's (none up to 350 KB).
    await writeRecord([...alongside.puts, ...parts], (last) => [headPut, last, ...alongside.commit]);
  } catch (error) {
    const reason = cancellationReasons(error)?.[0];
    if (reason !== 'ConditionalCheckFailed' && reason !== 'TransactionConflict') throw error;
    await batchWrite(
      [...alongside.puts, ...parts.slice(0, -1)].map((part) => ({
        delete: { pk: part.pk as string, sk: part.sk as string },
      })),
    );
    // A conflict means another add of the same editor is committing right now: retryable, not lost.
    if (reason === 'TransactionConflict')
      throw new ApiError('ABORTED', `Editor ${head.editorId} is being added concurrently; retry.`);
    throw alreadyExists(`Editor ${head.editorId} already has CRDT data; use /v2/crdt/update.`);
  }
}

/**
 * Appends an incremental update and publishes `event`, if any, in the same transaction
 * (transactional outbox).
 */
export async function appendUpdate(
  apiKey: string,
  ref: EditorRef,
  update: Omit<UpdateRecord, 'kind' | 'keys'>,
  event?: PublishedEvent,
): Promise<UpdateRecord> {
  const parts = partItems(apiKey, ref, 'LOG', update);
  await writeRecord(parts, (last) => (event ? [last, outboxPut(apiKey, event)] : [last]));
  return { ...update, kind: 'LOG', keys: parts.map(({ pk, sk }) => ({ pk, sk })) };
}

/**
 * Compaction: writes `snapshot` (the state of every record in `included`) as a new snapshot, then
 * deletes exactly the included records and `abandoned` parts — never a record it did not read, so
 * updates appended meanwhile survive, and readers always find the state complete (decisions §17).
 */
export async function writeSnapshot(
  apiKey: string,
  ref: EditorRef,
  snapshot: Omit<UpdateRecord, 'kind' | 'keys'>,
  included: readonly UpdateRecord[],
  abandoned: readonly ItemKey[],
): Promise<void> {
  await batchWrite(partItems(apiKey, ref, 'SNAP', snapshot).map((put) => ({ put })));
  await batchWrite(
    [...included.flatMap((record) => record.keys), ...abandoned].map((key) => ({ delete: key })),
  );
}

/** Whether a document has any CRDT item (one Query with `Limit: 1` on its partition). */
export async function hasDocumentContent(apiKey: string, organizationId: string, documentId: string) {
  const items = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.crdtPartition(apiKey, organizationId, documentId) },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return (items.Items ?? []).length > 0;
}

/**
 * One batch of moving a document's CRDT partition to another document (migration). Items carry
 * no document id in their sort keys, so a copy is the same item under the new partition key (the
 * head's `documentId` attribute changed): a plain put, idempotent. Phase `copy` copies a page;
 * phase `move` copies a page again and then deletes its originals, so no item is deleted before
 * its copy is written — and since the whole partition is copied before anything is deleted, a
 * multi-part record is complete under the new id before any part leaves the old one. One Query
 * (strongly consistent, up to `limit` items) and a BatchWriteItem per 25 puts (and deletes).
 */
export async function moveDocumentContent(
  move: DocumentMove,
  phase: 'copy' | 'move',
  limit: number,
  startKey?: Item,
): Promise<MovedPage> {
  const source = keys.crdtPartition(move.apiKey, move.organizationId, move.from);
  const target = keys.crdtPartition(move.apiKey, move.organizationId, move.to);
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': source },
      ConsistentRead: true,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  const items = page.Items ?? [];
  await batchWrite(
    items.map((item) => ({
      put: { ...item, pk: target, ...(item.documentId !== undefined && { documentId: move.to }) },
    })),
  );
  if (phase === 'move') {
    await batchWrite(items.map((item) => ({ delete: { pk: item.pk as string, sk: item.sk as string } })));
  }
  const moved = phase === 'move' ? items.length : 0;
  return page.LastEvaluatedKey ? { moved, nextKey: page.LastEvaluatedKey } : { moved };
}

/**
 * Erases one page of CRDT items: a document's partition (up to `limit` items), or for an
 * organization, the partitions named by a page of its editor-head listing (gsi2), each whole.
 * Parts are deleted by key alone, so a page of large snapshot parts costs no more than small ones.
 */
export function eraseContentPage(scope: EraseScope, limit: number, startKey?: Item): Promise<ErasedPage> {
  const { apiKey, organizationId, documentId } = scope;
  return eraseDocumentPartitions(
    documentId === undefined
      ? { listing: keys.crdtOrganizationListingPartition(apiKey, organizationId) }
      : { partition: keys.crdtPartition(apiKey, organizationId, documentId) },
    limit,
    startKey,
  );
}

/**
 * Takes an editor off its creator's data listing (a user's erasure): CRDT content is part of a
 * shared document, so it is reported to the user but not deleted (addendum §10). One UpdateItem.
 */
export async function unlistEditorCreator(key: ItemKey): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE gsi8pk, gsi8sk',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/**
 * Opens an editor's event window at `now` unless one is open (one conditional UpdateItem): the
 * caller then publishes. When one is open, marks it pending instead — it enters the due index at
 * its end, where the reconciler publishes the state after the window's last edit — and answers false.
 */
export async function openOrMarkEventWindow(apiKey: string, ref: EditorRef, now: number, windowMs: number) {
  const key = keys.crdtEventWindow(apiKey, ref.organizationId, ref.documentId, ref.editorId);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression:
          'SET entity = :entity, apiKey = :apiKey, organizationId = :org, documentId = :doc, editorId = :editor, ' +
          'windowEndsAt = :end, pending = :false, createdAt = if_not_exists(createdAt, :now), updatedAt = :now, ' +
          'incarnations = :incarnations REMOVE gsi7pk, gsi7sk',
        ConditionExpression: 'attribute_not_exists(pk) OR windowEndsAt <= :now',
        ExpressionAttributeValues: {
          ':entity': entities.crdtEventWindow.name,
          ':apiKey': apiKey,
          ':org': ref.organizationId,
          ':doc': ref.documentId,
          ':editor': ref.editorId,
          ':end': now + windowMs,
          ':false': false,
          ':now': now,
          // The reconciler publishes from this item: it builds the editor's keys in these.
          ':incarnations': incarnationsWithin(currentIncarnations(), ref.organizationId, ref.documentId),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    // The condition failure returns the stored item (marshalled), with the open window's end.
    const stored = (error as { Item?: Parameters<typeof unmarshall>[0] }).Item;
    const windowEndsAt = stored ? Number(unmarshall(stored).windowEndsAt) : now;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET pending = :true, gsi7pk = :duePk, gsi7sk = :dueSk, updatedAt = :now',
        ExpressionAttributeValues: (() => {
          const due = dueIndexKeys(key, windowEndsAt);
          return { ':true': true, ':duePk': due.gsi7pk, ':dueSk': due.gsi7sk, ':now': now };
        })(),
      }),
    );
    return false;
  }
}

/**
 * After the trailing event of a pending window was published: a new window starts at `now` and
 * leaves the due index (conditional on it still being pending, so two sweeps publish once).
 * False when another sweep got there first.
 */
export function closePendingEventWindow(apiKey: string, ref: EditorRef, now: number, windowMs: number) {
  return updateIf({
    Key: keys.crdtEventWindow(apiKey, ref.organizationId, ref.documentId, ref.editorId),
    UpdateExpression: 'SET pending = :false, windowEndsAt = :end, updatedAt = :now REMOVE gsi7pk, gsi7sk',
    ConditionExpression: 'pending = :true',
    ExpressionAttributeValues: { ':false': false, ':true': true, ':end': now + windowMs, ':now': now },
  });
}
