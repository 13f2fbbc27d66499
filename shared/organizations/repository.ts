import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite, inTable, type TransactItem, transactWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { accessPatterns, entities } from '../db/entities';
import { type ErasedPage, erasePage } from '../db/erase';
import { organizationPartition } from '../db/key-parts';
import { keys } from '../db/keys';
import {
  type QueryRequestOutput,
  queryAll,
  queryFilteredPage,
  queryFirstRequest,
  queryPage,
  withoutKeys,
} from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import {
  type DocumentRecord,
  documentRecord,
  type FolderRecord,
  folderRecord,
  type OrganizationRecord,
  organizationRecord,
} from './schemas';

type Item = Record<string, unknown>;

/** An organization with its whole folder tree, as stored. */
export interface OrganizationTreeRecord {
  organization?: OrganizationRecord;
  folders: FolderRecord[];
}

const parseOrganization = (item: Item) => organizationRecord.parse(withoutKeys(item));
const parseFolder = (item: Item) => folderRecord.parse(withoutKeys(item));
const parseDocument = (item: Item) => documentRecord.parse(withoutKeys(item));

const treeQuery = (apiKey: string, organizationId: string) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: {
    ':pk': organizationPartition(apiKey, organizationId),
    ':prefix': keys.organizationTreePrefix,
  },
});

/** The first request of `loadTree`, started early (one Query page; a route's prefetch). */
export const startTreeRead = (apiKey: string, organizationId: string) =>
  queryFirstRequest(treeQuery(apiKey, organizationId));

/**
 * The organization item and every folder, in one Query (they share the `ORG` sort-key prefix;
 * more pages only past 1 MB). `firstRequest` is `startTreeRead`'s, when already started.
 */
export async function loadTree(
  apiKey: string,
  organizationId: string,
  firstRequest?: Promise<QueryRequestOutput>,
): Promise<OrganizationTreeRecord> {
  const items = await queryAll(treeQuery(apiKey, organizationId), firstRequest);
  const organization = items.find((item) => item.entity === entities.organization.name);
  return {
    organization: organization && parseOrganization(organization),
    folders: items.filter((item) => item.entity === entities.folder.name).map(parseFolder),
  };
}

/**
 * An organization with some of its folders and documents, in one BatchGet; missing ones are absent.
 */
export async function findResources(
  apiKey: string,
  organizationId: string,
  ids: { folderIds?: readonly string[]; documentIds?: readonly string[] },
) {
  const items = await batchGet([
    keys.organization(apiKey, organizationId),
    ...(ids.folderIds ?? []).map((id) => keys.folder(apiKey, organizationId, id)),
    ...(ids.documentIds ?? []).map((id) => keys.document(apiKey, organizationId, id)),
  ]);
  const organization = items.find((item) => item.entity === entities.organization.name);
  return {
    organization: organization && parseOrganization(organization),
    folders: items.filter((item) => item.entity === entities.folder.name).map(parseFolder),
    documents: items.filter((item) => item.entity === entities.document.name).map(parseDocument),
  };
}

/** Organizations by id (one BatchGet per 100); missing ones are absent. */
export async function findOrganizations(apiKey: string, organizationIds: readonly string[]) {
  const items = await batchGet(organizationIds.map((id) => keys.organization(apiKey, id)));
  return items.map(parseOrganization);
}

/** One page of an API key's organizations, in id order (gsi1). */
export async function listOrganizations(apiKey: string, pageSize: number, startKey?: Item) {
  const page = await queryPage(
    {
      IndexName: accessPatterns.organizationsOfApiKey.index,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.organizationListingPartition(apiKey) },
    },
    pageSize,
    startKey,
    ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
  );
  return { organizations: page.items.map(parseOrganization), nextKey: page.nextKey };
}

/** A transaction item that puts a record's item (its keys, entity name and fields), if `condition` holds. */
function recordPut(
  key: Item,
  entity: string,
  record: OrganizationRecord | FolderRecord | DocumentRecord,
  condition?: { ConditionExpression: string; ExpressionAttributeValues?: Item },
): TransactItem {
  return { Put: inTable({ Item: { ...key, entity, ...record }, ...condition }) };
}

/** A transaction item that writes an organization (creating or replacing its fields). */
export function organizationPut(apiKey: string, organization: OrganizationRecord): TransactItem {
  const { organizationId } = organization;
  return recordPut(
    { ...keys.organization(apiKey, organizationId), ...keys.organizationListing(apiKey, organizationId) },
    entities.organization.name,
    organization,
  );
}

/** A transaction item that creates an organization unless it exists (a no-op then). */
export function organizationCreateIfMissing(
  apiKey: string,
  organizationId: string,
  now: number,
): TransactItem {
  return {
    Update: inTable({
      Key: keys.organization(apiKey, organizationId),
      UpdateExpression:
        'SET entity = :entity, organizationId = :id, organizationName = if_not_exists(organizationName, :id), ' +
        'disabled = if_not_exists(disabled, :false), metadata = if_not_exists(metadata, :empty), ' +
        'createdAt = if_not_exists(createdAt, :now), lastUpdated = if_not_exists(lastUpdated, :now), ' +
        'gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
      ExpressionAttributeValues: {
        ':entity': entities.organization.name,
        ':id': organizationId,
        ':false': false,
        ':empty': {},
        ':now': now,
        ':gsi1pk': keys.organizationListing(apiKey, organizationId).gsi1pk,
        ':gsi1sk': keys.organizationListing(apiKey, organizationId).gsi1sk,
      },
    }),
  };
}

/** A transaction item that creates a folder; fails when the folder exists. */
export function folderCreate(apiKey: string, folder: FolderRecord): TransactItem {
  return recordPut(
    keys.folder(apiKey, folder.organizationId, folder.folderId),
    entities.folder.name,
    folder,
    {
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  );
}

/** A transaction item that replaces a folder if nobody changed it since it was read (`lastUpdated`). */
export function folderReplace(apiKey: string, folder: FolderRecord, readLastUpdated: number): TransactItem {
  return recordPut(
    keys.folder(apiKey, folder.organizationId, folder.folderId),
    entities.folder.name,
    folder,
    {
      ConditionExpression: 'lastUpdated = :read',
      ExpressionAttributeValues: { ':read': readLastUpdated },
    },
  );
}

/** Deletes folders by id (not atomic; repeating it finishes an interrupted delete). */
export async function deleteFolders(
  apiKey: string,
  organizationId: string,
  folderIds: readonly string[],
): Promise<void> {
  await batchWrite(folderIds.map((id) => ({ delete: keys.folder(apiKey, organizationId, id) })));
}

/** Documents by id (one BatchGet per 100). */
export async function findDocuments(apiKey: string, organizationId: string, documentIds: readonly string[]) {
  const items = await batchGet(documentIds.map((id) => keys.document(apiKey, organizationId, id)));
  return items.map(parseDocument);
}

const documentPlacementsQuery = (apiKey: string, organizationId: string) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: {
    ':pk': organizationPartition(apiKey, organizationId),
    ':prefix': keys.documentPrefix,
  },
  ProjectionExpression: 'documentId, folderId',
});

/** The first request of `findDocumentIdsInFolders`, started early (one Query page; a route's prefetch). */
export const startDocumentPlacementsRead = (apiKey: string, organizationId: string) =>
  queryFirstRequest(documentPlacementsQuery(apiKey, organizationId));

/**
 * Ids of the organization's documents filed in any of `folderIds` (keys and folder only).
 * `firstRequest` is `startDocumentPlacementsRead`'s, when already started.
 */
export async function findDocumentIdsInFolders(
  apiKey: string,
  organizationId: string,
  folderIds: ReadonlySet<string>,
  firstRequest?: Promise<QueryRequestOutput>,
) {
  const items = await queryAll(documentPlacementsQuery(apiKey, organizationId), firstRequest);
  return items
    .filter((item) => folderIds.has(item.folderId as string))
    .map((item) => item.documentId as string);
}

/** One full page of the organization's documents, optionally only those filed in `folderId`. */
export async function listDocuments(
  apiKey: string,
  organizationId: string,
  pageSize: number,
  startKey: Item | undefined,
  folderId?: string,
) {
  const page = await queryFilteredPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(folderId && { FilterExpression: 'folderId = :folderId' }),
      ExpressionAttributeValues: {
        ':pk': organizationPartition(apiKey, organizationId),
        ':prefix': keys.documentPrefix,
        ...(folderId && { ':folderId': folderId }),
      },
    },
    pageSize,
    startKey,
  );
  return { documents: page.items.map(parseDocument), nextKey: page.nextKey };
}

/** A transaction item that writes a document whole. */
export function documentPut(apiKey: string, document: DocumentRecord): TransactItem {
  const key = keys.document(apiKey, document.organizationId, document.documentId);
  return recordPut(key, entities.document.name, document);
}

/** Runs transaction items (the service composes them so related writes land together). */
export async function writeAll(items: readonly TransactItem[]): Promise<void> {
  await transactWrite(items);
}

/**
 * Moves a document item to another document id (migration), folder placement and all: one
 * consistent GetItem, then one transaction that puts the item under `to` (condition: no such
 * document) and deletes it under `from`, so it is never under both or neither. False when there is
 * nothing under `from` — never was, or a duplicate run moved it first. Throws when a document `to`
 * appeared meanwhile (the migration's target check ran before it).
 */
export async function moveDocumentItem(
  apiKey: string,
  organizationId: string,
  move: { from: string; to: string },
): Promise<boolean> {
  const source = keys.document(apiKey, organizationId, move.from);
  const read = async () =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: source, ConsistentRead: true }))).Item;
  const item = await read();
  if (!item) return false;
  try {
    await transactWrite([
      {
        Put: inTable({
          Item: { ...item, ...keys.document(apiKey, organizationId, move.to), documentId: move.to },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      },
      { Delete: inTable({ Key: source, ConditionExpression: 'attribute_exists(pk)' }) },
    ]);
    return true;
  } catch (error) {
    if (!cancellationReasons(error) || (await read())) throw error;
    return false;
  }
}

/**
 * Erases one page (up to `limit`) of an organization's partition: folders, documents, users'
 * access items, groups (deletion cascade; the organization item itself went with the delete call).
 */
export function eraseOrganizationPage(
  apiKey: string,
  organizationId: string,
  limit: number,
  startKey?: Item,
): Promise<ErasedPage> {
  return erasePage({ partition: organizationPartition(apiKey, organizationId) }, limit, startKey);
}

/** A transaction item deleting an organization's item (and so its listing entry). */
export function organizationDelete(apiKey: string, organizationId: string): TransactItem {
  return { Delete: inTable({ Key: keys.organization(apiKey, organizationId) }) };
}

/** A transaction item deleting a document's item. */
export function documentDelete(apiKey: string, organizationId: string, documentId: string): TransactItem {
  return { Delete: inTable({ Key: keys.document(apiKey, organizationId, documentId) }) };
}
