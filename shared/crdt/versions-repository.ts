import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError, notFound } from '../core/errors';
import { batchWrite, inTable, type TransactItem, transactWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { type Page, queryAll, queryPage, withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import { type EditorRef, maxPartBytes } from './repository';
import type { EditorHead } from './schemas';
import { type VersionMeta, versionMeta } from './versions-schemas';

type Item = Record<string, unknown>;

/** A new version id: zero-padded milliseconds then random hex, so ids sort by creation time. */
export function newVersionId(now: number): string {
  return `${String(now).padStart(15, '0')}${randomBytes(4).toString('hex')}`;
}

/** A version to store: its meta (without `partCount`, derived here) and its Yjs bytes. */
export interface NewVersion extends Omit<VersionMeta, 'partCount' | 'bytes'> {
  bytes: Uint8Array;
}

function versionItems(apiKey: string, version: NewVersion): { parts: Item[]; meta: Item } {
  const count = Math.max(1, Math.ceil(version.bytes.length / maxPartBytes));
  const parts = Array.from({ length: count }, (_, index) => ({
    ...keys.crdtVersionPart(apiKey, version, version.versionId, index),
    entity: entities.crdtVersionPart.name,
    editorId: version.editorId,
    versionId: version.versionId,
    part: index,
    bytes: version.bytes.subarray(index * maxPartBytes, (index + 1) * maxPartBytes),
    createdAt: version.createdAt,
    updatedAt: version.createdAt,
  }));
  const meta = {
    ...keys.crdtVersion(apiKey, version, version.versionId),
    ...(version.createdBy !== null &&
      keys.userDataListing(
        apiKey,
        version.createdBy,
        version.organizationId,
        'crdt',
        version.documentId,
        version.editorId,
        version.versionId,
      )),
    entity: entities.crdtVersion.name,
    ...version,
    bytes: version.bytes.length,
    partCount: count,
    updatedAt: version.createdAt,
  };
  return { parts, meta };
}

/**
 * How a version's commit treats the editor head's `newestVersionAt`: `due` (an automatic version)
 * sets it only while it still holds the value read (`seen`; undefined: none), so of concurrent
 * writers that found a version due one stores it; `always` (a manual version) sets it while the head exists.
 */
export type HeadCondition = { kind: 'due'; seen: number | undefined } | { kind: 'always' };

/**
 * The items that store a version alongside another write: `puts` (all parts but the last, to
 * write before; none up to 350 KB) and `commit` (the last part and the meta item, for the
 * transaction that makes the version visible). Used by the first content of an editor, whose head
 * carries `newestVersionAt` already.
 */
export function versionWrites(apiKey: string, version: NewVersion): { puts: Item[]; commit: TransactItem[] } {
  const { parts, meta } = versionItems(apiKey, version);
  return {
    puts: parts.slice(0, -1),
    commit: [
      { Put: inTable({ Item: parts[parts.length - 1]! }) },
      { Put: inTable({ Item: meta, ConditionExpression: 'attribute_not_exists(pk)' }) },
    ],
  };
}

/**
 * Stores a version: its parts but the last with a BatchWriteItem (only past 350 KB), then one
 * transaction of the last part, the meta item and the head's `newestVersionAt` (see
 * `HeadCondition`). Answers false, having removed the parts it wrote, when the head's condition
 * failed or another version write held the head (an automatic version another writer made);
 * throws NOT_FOUND when the editor's head is gone (manual versions).
 */
export async function storeVersion(
  apiKey: string,
  version: NewVersion,
  condition: HeadCondition,
): Promise<boolean> {
  const { puts, commit } = versionWrites(apiKey, version);
  const headUpdate: TransactItem = {
    Update: inTable({
      Key: keys.crdtHead(apiKey, version.organizationId, version.documentId, version.editorId),
      UpdateExpression: 'SET newestVersionAt = :at',
      ConditionExpression:
        condition.kind === 'always'
          ? 'attribute_exists(pk)'
          : condition.seen === undefined
            ? 'attribute_exists(pk) AND attribute_not_exists(newestVersionAt)'
            : 'attribute_exists(pk) AND newestVersionAt = :seen',
      ExpressionAttributeValues: {
        ':at': version.createdAt,
        ...(condition.kind === 'due' && condition.seen !== undefined && { ':seen': condition.seen }),
      },
    }),
  };
  if (puts.length > 0) await batchWrite(puts.map((put) => ({ put })));
  try {
    await transactWrite([headUpdate, ...commit]);
    return true;
  } catch (error) {
    const reason = cancellationReasons(error)?.[0];
    if (reason !== 'ConditionalCheckFailed' && reason !== 'TransactionConflict') throw error;
    if (puts.length > 0)
      await batchWrite(puts.map((put) => ({ delete: { pk: put.pk as string, sk: put.sk as string } })));
    if (condition.kind === 'due') return false;
    if (reason === 'TransactionConflict') {
      throw new ApiError(
        'ABORTED',
        `A version of editor ${version.editorId} is being made concurrently; retry.`,
      );
    }
    throw notFound(`No CRDT data for editor ${version.editorId}.`);
  }
}

/** The list attributes of a version meta item, for a projection that reads no more (all named: some are reserved words). */
const listed = ['pk', 'sk', 'versionId', 'name', 'createdAt', 'createdBy', 'auto', 'bytes'];

/**
 * One page of an editor's versions, newest first: a descending Query of its meta items with a
 * projection (the bytes are in other items, so a listing never reads them).
 */
export function queryVersions(
  apiKey: string,
  ref: EditorRef,
  pageSize: number,
  startKey: Item | undefined,
): Promise<Page> {
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.crdtPartition(apiKey, ref.organizationId, ref.documentId),
        ':prefix': keys.crdtVersionPrefix(ref.editorId),
      },
      ExpressionAttributeNames: Object.fromEntries(listed.map((name) => [`#${name}`, name])),
      ProjectionExpression: listed.map((name) => `#${name}`).join(', '),
      ScanIndexForward: false,
    },
    pageSize,
    startKey,
  );
}

/** A stored version: its meta and its bytes. */
export interface StoredVersion {
  meta: VersionMeta;
  bytes: Uint8Array;
}

/**
 * One version with its bytes: a GetItem of its meta and a Query of its parts, side by side (one
 * serial round trip, both strongly consistent). Undefined when there is no such version (its meta
 * item is what makes it exist).
 */
export async function readVersion(
  apiKey: string,
  ref: EditorRef,
  versionId: string,
): Promise<StoredVersion | undefined> {
  const [meta, parts] = await Promise.all([
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.crdtVersion(apiKey, ref, versionId),
        ConsistentRead: true,
      }),
    ),
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.crdtPartition(apiKey, ref.organizationId, ref.documentId),
        ':prefix': keys.crdtVersionPartPrefix(ref.editorId, versionId),
      },
      ConsistentRead: true,
    }),
  ]);
  if (!meta.Item) return undefined;
  const ordered = parts.sort((a, b) => (a.part as number) - (b.part as number));
  return {
    meta: versionMeta.parse(withoutKeys(meta.Item)),
    bytes: Buffer.concat(ordered.map((part) => part.bytes as Uint8Array)),
  };
}

/**
 * Deletes one version: its meta item first (conditional on existing, so an unknown id is told
 * apart), then its parts by key. False when there was no such version. A DeleteItem, then a
 * BatchWriteItem per 25 parts.
 */
export async function deleteVersion(apiKey: string, ref: EditorRef, versionId: string): Promise<boolean> {
  try {
    const output = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.crdtVersion(apiKey, ref, versionId),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    const partCount = Number(output.Attributes?.partCount ?? 1);
    await batchWrite(
      Array.from({ length: partCount }, (_, index) => ({
        delete: keys.crdtVersionPart(apiKey, ref, versionId, index),
      })),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * The ids of an editor's automatic versions past its newest `keep` ones: a descending Query of its
 * meta items, filtered to automatic ones and projected to their ids (under 100 bytes each, so
 * one page holds thousands).
 */
export async function autoVersionsBeyond(apiKey: string, ref: EditorRef, keep: number): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#auto = :auto',
    ExpressionAttributeNames: { '#auto': 'auto', '#versionId': 'versionId' },
    ExpressionAttributeValues: {
      ':pk': keys.crdtPartition(apiKey, ref.organizationId, ref.documentId),
      ':prefix': keys.crdtVersionPrefix(ref.editorId),
      ':auto': true,
    },
    ProjectionExpression: '#versionId',
    ScanIndexForward: false,
  });
  return items.slice(keep).map((item) => item.versionId as string);
}

/** The meta of a new version of `head`'s editor. */
export function versionOf(
  head: EditorHead,
  bytes: Uint8Array,
  fields: { createdAt: number; createdBy: string | null; name: string | null; auto: boolean },
): NewVersion {
  return {
    organizationId: head.organizationId,
    documentId: head.documentId,
    editorId: head.editorId,
    versionId: newVersionId(fields.createdAt),
    type: head.type,
    contentKey: head.contentKey,
    bytes,
    ...fields,
  };
}

/** One version of a `queryVersions` page, as crdt/versions/get lists it. */
export const listedVersion = (item: Item) => ({
  versionId: item.versionId as string,
  name: (item.name as string | null | undefined) ?? null,
  createdAt: item.createdAt as number,
  createdBy: (item.createdBy as string | null | undefined) ?? null,
  auto: item.auto as boolean,
  bytes: item.bytes as number,
});
