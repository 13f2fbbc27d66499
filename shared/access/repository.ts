import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessEntry, ContextGrant, ResourceEntries, UserAccess } from '../access-model/model';
import { ApiError } from '../core/errors';
import {
  batchGet,
  batchWrite,
  inTable,
  type TransactItem,
  transactionLimit,
  transactWrite,
} from '../db/batch';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import type { ErasedPage } from '../db/erase';
import { organizationPartition } from '../db/key-parts';
import { keys } from '../db/keys';
import { mapInParallel } from '../db/parallel';
import {
  type QueryRequestOutput,
  queryAll,
  queryFilteredPage,
  queryFirstRequest,
  withoutKeys,
} from '../db/query-page';
import { conflict, type RetryPolicy, retryOnConflict } from '../db/retry';
import { cancellationReasons } from '../db/transactions';
import { type DocumentRecord, documentRecord } from '../organizations/schemas';
import type { DocumentMove, MovedPage } from '../plugins/mover';
import {
  type GroupRecord,
  groupRecord,
  storedContextGrant,
  storedEntry,
  type UserProfile,
  userProfile,
} from './schemas';

/**
 * A user's access within an organization is one item (`USER#<userId>` in the organization's
 * partition): the profile, plus one top-level attribute per membership or grant, named
 * `member:<level>[:<id>]` / `grant:<level>[:<id>]`. Top-level attributes can be set and removed
 * independently without reading the item, so concurrent changes to different resources never
 * overwrite each other, and one BatchGet loads 100 users' complete access.
 */
export type EntryKind = 'member' | 'grant';
export type EntryLevel = 'organization' | 'folder' | 'document' | 'context';

/** The attribute holding one membership or grant. */
export function entryAttribute(kind: EntryKind, level: EntryLevel, resourceId?: string): string {
  return level === 'organization' ? `${kind}:organization` : `${kind}:${level}:${resourceId}`;
}

type Item = Record<string, unknown>;

/** A user's profile and complete access, as stored. */
export interface UserRecord {
  profile: UserProfile;
  access: UserAccess;
  /** Raw attributes, to read a membership at one level. */
  item: Item;
}

function parseUser(item: Item): UserRecord {
  const folders: Record<string, { membership?: AccessEntry; grant?: AccessEntry }> = {};
  const documents: Record<string, { membership?: AccessEntry; grant?: AccessEntry }> = {};
  const contexts: Record<string, ContextGrant> = {};
  const organization: { membership?: AccessEntry; grant?: AccessEntry } = {};
  for (const [name, value] of Object.entries(item)) {
    const match = /^(member|grant):(organization|folder|document|context)(?::(.*))?$/s.exec(name);
    if (!match) continue;
    const [, kind, level, id = ''] = match;
    const slot = kind === 'member' ? 'membership' : 'grant';
    if (level === 'context') contexts[id] = storedContextGrant.parse(value);
    else if (level === 'organization') organization[slot] = storedEntry.parse(value);
    else {
      const byId = level === 'folder' ? folders : documents;
      byId[id] = { ...byId[id], [slot]: storedEntry.parse(value) };
    }
  }
  const profile = userProfile.parse(withoutKeys(item));
  return {
    profile,
    access: { userId: profile.userId, organization, folders, documents, contexts } satisfies UserAccess,
    item,
  };
}

/** Empty access for a user with no item in the organization. */
export function noAccess(userId: string): UserAccess {
  return { userId, organization: {} as ResourceEntries, folders: {}, documents: {}, contexts: {} };
}

/** Users of an organization by id (one BatchGet per 100); missing users are absent. */
export async function findUsers(
  apiKey: string,
  organizationId: string,
  userIds: readonly string[],
): Promise<UserRecord[]> {
  const items = await batchGet(userIds.map((id) => keys.userAccess(apiKey, organizationId, id)));
  return items.map(parseUser);
}

/**
 * What a permission lookup reads besides the folder tree: the requested documents and users, in
 * one BatchGet (chunked by 100 keys, in parallel).
 */
export async function findDocumentsAndUsers(
  apiKey: string,
  organizationId: string,
  documentIds: readonly string[],
  userIds: readonly string[],
): Promise<{ documents: DocumentRecord[]; users: UserRecord[] }> {
  const items = await batchGet([
    ...documentIds.map((id) => keys.document(apiKey, organizationId, id)),
    ...userIds.map((id) => keys.userAccess(apiKey, organizationId, id)),
  ]);
  return {
    documents: items
      .filter((item) => item.entity === entities.document.name)
      .map((item) => documentRecord.parse(withoutKeys(item))),
    users: items.filter((item) => item.entity === entities.userAccess.name).map(parseUser),
  };
}

/** One full page of users holding the membership attribute `memberAttribute`. */
export async function listMembers(
  apiKey: string,
  organizationId: string,
  memberAttribute: string,
  pageSize: number,
  startKey?: Item,
) {
  const page = await queryFilteredPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'attribute_exists(#member)',
      ExpressionAttributeNames: { '#member': memberAttribute },
      ExpressionAttributeValues: {
        ':pk': organizationPartition(apiKey, organizationId),
        ':prefix': keys.userPrefix,
      },
    },
    pageSize,
    startKey,
  );
  return { users: page.items.map(parseUser), nextKey: page.nextKey };
}

export interface UserChange {
  userId: string;
  /** Profile fields to set (undefined values are left alone). */
  profile?: { name?: string; email?: string; initial?: string };
  /** Initial to store only when the user has none yet. */
  defaultInitial?: string;
  set?: Record<string, unknown>;
  remove?: string[];
  /** Only apply when this attribute exists (e.g. the membership being updated). */
  requireAttribute?: string;
}

/** A transaction item (or update input) that applies one user's change, creating the item if needed. */
export function userUpdate(apiKey: string, organizationId: string, change: UserChange, now: number) {
  const names: Record<string, string> = {};
  const listing = keys.userDataListing(apiKey, change.userId, organizationId, 'access');
  const values: Record<string, unknown> = {
    ':entity': entities.userAccess.name,
    ':userId': change.userId,
    ':organizationId': organizationId,
    ':gsi8pk': listing.gsi8pk,
    ':gsi8sk': listing.gsi8sk,
    ':now': now,
  };
  const sets = [
    'entity = :entity',
    'userId = :userId',
    'organizationId = :organizationId',
    'gsi8pk = :gsi8pk',
    'gsi8sk = :gsi8sk',
    'createdAt = if_not_exists(createdAt, :now)',
    'lastUpdated = :now',
  ];
  const assign = (attribute: string, value: unknown, onlyIfMissing = false) => {
    const index = Object.keys(names).length;
    names[`#a${index}`] = attribute;
    values[`:v${index}`] = value;
    sets.push(
      onlyIfMissing ? `#a${index} = if_not_exists(#a${index}, :v${index})` : `#a${index} = :v${index}`,
    );
  };
  for (const [field, value] of Object.entries(change.profile ?? {}))
    if (value !== undefined) assign(field, value);
  if (change.defaultInitial !== undefined && change.profile?.initial === undefined) {
    assign('initial', change.defaultInitial, true);
  }
  for (const [attribute, value] of Object.entries(change.set ?? {})) assign(attribute, value);
  const removes = (change.remove ?? []).map((attribute, index) => {
    names[`#r${index}`] = attribute;
    return `#r${index}`;
  });
  if (change.requireAttribute !== undefined) names['#required'] = change.requireAttribute;
  return {
    Key: keys.userAccess(apiKey, organizationId, change.userId),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(change.requireAttribute !== undefined && { ConditionExpression: 'attribute_exists(#required)' }),
  };
}

/** Applies user changes in transactions of up to 100, after any preceding items (creations). */
export async function writeUserChanges(
  apiKey: string,
  organizationId: string,
  changes: readonly UserChange[],
  now: number,
  preceding: readonly TransactItem[] = [],
): Promise<void> {
  try {
    await transactWrite([
      ...preceding,
      ...changes.map((change) => ({ Update: inTable(userUpdate(apiKey, organizationId, change, now)) })),
    ]);
  } catch (error) {
    if (cancellationReasons(error)) {
      throw new ApiError('ABORTED', 'Users or their resources changed concurrently; retry.');
    }
    throw error;
  }
}

/** Removes attributes from an existing user item; false when the user has no item. */
export async function removeUserAttributes(
  apiKey: string,
  organizationId: string,
  userId: string,
  attributes: readonly string[],
): Promise<boolean> {
  // One REMOVE may not name an attribute twice (DynamoDB: overlapping paths).
  const distinct = [...new Set(attributes)];
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userAccess(apiKey, organizationId, userId),
        UpdateExpression: `REMOVE ${distinct.map((_, index) => `#r${index}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(
          distinct.map((attribute, index) => [`#r${index}`, attribute]),
        ),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Deletes users' items from an organization. */
export async function deleteUsers(
  apiKey: string,
  organizationId: string,
  userIds: readonly string[],
): Promise<void> {
  await batchWrite(userIds.map((id) => ({ delete: keys.userAccess(apiKey, organizationId, id) })));
}

const parseGroup = (item: Item) => groupRecord.parse(withoutKeys(item));

/** Groups by id, or every group of the organization. */
export async function findGroups(
  apiKey: string,
  organizationId: string,
  groupIds?: readonly string[],
  firstRequest?: Promise<QueryRequestOutput>,
) {
  if (groupIds) {
    const items = await batchGet(groupIds.map((id) => keys.userGroup(apiKey, organizationId, id)));
    return items.map(parseGroup);
  }
  const items = await queryAll(groupsQuery(apiKey, organizationId), firstRequest);
  return items.map(parseGroup);
}

const groupsQuery = (apiKey: string, organizationId: string) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: {
    ':pk': organizationPartition(apiKey, organizationId),
    ':prefix': keys.groupPrefix,
  },
});

/** The first request of `findGroups` without ids, started early (one Query page; a route's prefetch). */
export const startGroupsRead = (apiKey: string, organizationId: string) =>
  queryFirstRequest(groupsQuery(apiKey, organizationId));

/** A transaction item that creates a group or renames it. */
export function groupUpsert(
  apiKey: string,
  organizationId: string,
  group: Pick<GroupRecord, 'groupId' | 'groupName'>,
  now: number,
): TransactItem {
  return {
    Update: inTable({
      Key: keys.userGroup(apiKey, organizationId, group.groupId),
      UpdateExpression:
        'SET entity = :entity, groupId = :id, groupName = :name, createdAt = if_not_exists(createdAt, :now), lastUpdated = :now',
      ExpressionAttributeValues: {
        ':entity': entities.userGroup.name,
        ':id': group.groupId,
        ':name': group.groupName,
        ':now': now,
      },
    }),
  };
}

/** Users per group-membership transaction: the group's update plus one index item each. */
const membersPerTransaction = transactionLimit - 1;

/** A user's group-membership index item (gsi8: the user's data), beside the group's member set. */
export function groupMembershipItem(
  apiKey: string,
  organizationId: string,
  groupId: string,
  userId: string,
  now: number,
) {
  return {
    ...keys.groupMembership(apiKey, organizationId, groupId, userId),
    ...keys.userDataListing(apiKey, userId, organizationId, 'group', groupId),
    entity: entities.groupMembership.name,
    organizationId,
    groupId,
    userId,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Adds users to or removes them from a group's member set (atomic set arithmetic, so parallel
 * changes never lose members), or removes the whole set (`clear`, with `remove` naming the members
 * read, whose index items go). Each user's membership index item is put or deleted in the same
 * transaction as the set change of that user (99 users per transaction, so up to 99 users is one
 * call). False when the group does not exist.
 */
export async function changeGroupMembers(
  apiKey: string,
  organizationId: string,
  groupId: string,
  change: { add?: readonly string[]; remove?: readonly string[]; clear?: boolean },
  now: number,
): Promise<boolean> {
  const joining = change.add ?? [];
  const leaving = change.remove ?? [];
  const users = [
    ...joining.map((id) => ({ id, joins: true })),
    ...leaving.map((id) => ({ id, joins: false })),
  ];
  for (let index = 0; index === 0 || index < users.length; index += membersPerTransaction) {
    const chunk = users.slice(index, index + membersPerTransaction);
    const add = chunk.filter((user) => user.joins).map((user) => user.id);
    const remove = chunk.filter((user) => !user.joins).map((user) => user.id);
    const clauses = ['SET lastUpdated = :now'];
    const values: Record<string, unknown> = { ':now': now };
    if (change.clear && index === 0) clauses.push('REMOVE userIds');
    if (add.length) {
      clauses.push('ADD userIds :add');
      values[':add'] = new Set(add);
    }
    if (remove.length && !change.clear) {
      clauses.push('DELETE userIds :remove');
      values[':remove'] = new Set(remove);
    }
    const groupUpdate: TransactItem = {
      Update: inTable({
        Key: keys.userGroup(apiKey, organizationId, groupId),
        UpdateExpression: clauses.join(' '),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
      }),
    };
    const memberships = chunk.map(
      (user): TransactItem =>
        user.joins
          ? { Put: inTable({ Item: groupMembershipItem(apiKey, organizationId, groupId, user.id, now) }) }
          : { Delete: inTable({ Key: keys.groupMembership(apiKey, organizationId, groupId, user.id) }) },
    );
    try {
      await db().send(new TransactWriteCommand({ TransactItems: [groupUpdate, ...memberships] }));
    } catch (error) {
      if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }
  return true;
}

/**
 * Takes a user out of a group (their data's erasure): the set change and the index item's delete
 * in one transaction; a group that is gone leaves only the index item to delete.
 */
export async function eraseGroupMembership(apiKey: string, membership: Item, now: number): Promise<void> {
  const organizationId = membership.organizationId as string;
  const groupId = membership.groupId as string;
  const userId = membership.userId as string;
  const exists = await changeGroupMembers(apiKey, organizationId, groupId, { remove: [userId] }, now);
  if (!exists) await batchWrite([{ delete: keys.groupMembership(apiKey, organizationId, groupId, userId) }]);
}

/** Conditional updates in flight at once while moving a document's memberships and grants. */
const moveConcurrency = 25;

/** Users read per Query while looking for a document's memberships and grants. */
const userPageLimit = 1000;

/**
 * One Query page over the organization's user items (`USER#` prefix) that keeps the users holding
 * a membership or grant on `documentId`, with only those attributes projected. Membership lives on
 * the user item, so this is the access pattern for "who has access to a document"; it reads the
 * organization's users, never the whole table.
 */
async function documentAccessPage(
  apiKey: string,
  organizationId: string,
  documentId: string,
  startKey?: Item,
) {
  const output = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'attribute_exists(#member) OR attribute_exists(#grant)',
      ProjectionExpression: 'pk, sk, #member, #grant',
      ExpressionAttributeNames: {
        '#member': entryAttribute('member', 'document', documentId),
        '#grant': entryAttribute('grant', 'document', documentId),
      },
      ExpressionAttributeValues: {
        ':pk': organizationPartition(apiKey, organizationId),
        ':prefix': keys.userPrefix,
      },
      Limit: userPageLimit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: output.Items ?? [], nextKey: output.LastEvaluatedKey };
}

/** Whether any user holds a membership or grant on a document (reads user pages until one does). */
export async function hasDocumentAccessEntries(apiKey: string, organizationId: string, documentId: string) {
  let startKey: Item | undefined;
  do {
    const page = await documentAccessPage(apiKey, organizationId, documentId, startKey);
    if (page.items.length > 0) return true;
    startKey = page.nextKey;
  } while (startKey);
  return false;
}

/** A user's entries that change between the read and the conditional move: 3 attempts in all. */
const moveRetry: RetryPolicy = { attempts: 3 };

/**
 * Moves one user's membership and grant on `move.from` to `move.to`: one UpdateItem that sets the
 * `to` attributes and removes the `from` ones on condition that the `from` values are still those
 * read. When they changed meanwhile, the user is read again (consistent GetItem) and the move
 * retried, so a concurrent change is carried over, never overwritten. Returns how many moved.
 */
async function moveUserEntries(item: Item, move: { from: string; to: string }): Promise<number> {
  const key = { pk: item.pk, sk: item.sk };
  const attributes = (['member', 'grant'] as const).map((kind) => ({
    from: entryAttribute(kind, 'document', move.from),
    to: entryAttribute(kind, 'document', move.to),
  }));
  let current: Item = item;
  const attempt = async () => {
    const pairs = attributes.filter((pair) => current[pair.from] !== undefined);
    if (pairs.length === 0) return 0;
    const names = Object.fromEntries(
      pairs.flatMap((pair, i) => [
        [`#from${i}`, pair.from],
        [`#to${i}`, pair.to],
      ]),
    );
    const values = Object.fromEntries(pairs.map((pair, i) => [`:v${i}`, current[pair.from]]));
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: `SET ${pairs.map((_, i) => `#to${i} = :v${i}`).join(', ')} REMOVE ${pairs.map((_, i) => `#from${i}`).join(', ')}`,
          ConditionExpression: pairs.map((_, i) => `#from${i} = :v${i}`).join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return pairs.length;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const reread = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: key,
          ConsistentRead: true,
          ProjectionExpression: attributes.map((_, i) => `#a${i}, #b${i}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(
            attributes.flatMap((pair, i) => [
              [`#a${i}`, pair.from],
              [`#b${i}`, pair.to],
            ]),
          ),
        }),
      );
      current = reread.Item ?? {};
      return conflict;
    }
  };
  return retryOnConflict(moveRetry, attempt, () => {
    throw new Error(`Access entries of ${String(item.sk)} keep changing during the migration; retry.`);
  });
}

/**
 * Moves memberships and grants on document `from` to `to` (migration) for one page of the
 * organization's users (up to 1,000 read). Calls: one Query plus one conditional UpdateItem per
 * holder (`moveConcurrency` in flight); a repeat finds nothing left to move.
 */
export async function moveDocumentAccess(move: DocumentMove, startKey?: Item): Promise<MovedPage> {
  const { apiKey, organizationId } = move;
  const page = await documentAccessPage(apiKey, organizationId, move.from, startKey);
  const outcomes = await mapInParallel(page.items, moveConcurrency, (item) => moveUserEntries(item, move));
  const moved = outcomes.reduce((sum: number, count) => sum + count, 0);
  return page.nextKey ? { moved, nextKey: page.nextKey } : { moved };
}

/**
 * Erases users' memberships and grants on a deleted document (deletion cascade) for one page of the
 * organization's users (up to 1,000 read): one Query plus one UpdateItem (REMOVE) per entry given
 * no later than `deletedAt`. Each is conditioned on its own `since`, so an entry given on the
 * re-created document (a new incarnation, decisions §46) survives, even one written between the
 * Query and the update; readers ignore the old entries meanwhile (rule "current",
 * docs/access-control.md). Returns how many entries it removed.
 */
export async function eraseDocumentAccess(
  apiKey: string,
  organizationId: string,
  documentId: string,
  deletedAt: number,
  startKey?: Item,
): Promise<ErasedPage> {
  const page = await documentAccessPage(apiKey, organizationId, documentId, startKey);
  const attributes = [
    entryAttribute('member', 'document', documentId),
    entryAttribute('grant', 'document', documentId),
  ];
  const removals = page.items.flatMap((item) =>
    attributes
      .filter((name) => ((item[name] as { since?: number } | undefined)?.since ?? Infinity) <= deletedAt)
      .map((name) => ({ key: { pk: item.pk, sk: item.sk }, name })),
  );
  const outcomes = await mapInParallel(removals, moveConcurrency, async ({ key, name }) => {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'REMOVE #entry',
          ConditionExpression: '#entry.#since <= :deletedAt',
          ExpressionAttributeNames: { '#entry': name, '#since': 'since' },
          ExpressionAttributeValues: { ':deletedAt': deletedAt },
        }),
      );
      return 1;
    } catch (error) {
      // Gone already (the user was deleted, or a retried run removed it) or given again since.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return 0;
    }
  });
  const erased = outcomes.reduce((sum: number, count) => sum + count, 0);
  return { erased, ...(page.nextKey && { nextKey: page.nextKey }) };
}
