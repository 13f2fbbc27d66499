import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { live, seconds } from '../sockets/repository';
import type { ConnectionRecord } from './schemas';

type Item = Record<string, unknown>;

/** A claim lives as long as the connection item (3 h) at most. */
const claimTtlSeconds = 3 * 60 * 60;

/** One awareness client's state as a room read returns it. */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  state: string;
}

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Claims an awareness client id in the connection's room and stores its first state (one
 * conditional PutItem, once per connection): granted when nobody holds the id, when its claim
 * expired, or when this connection or another of the same user holds it (a reconnecting
 * y-websocket client keeps its client id). False when another user's connection holds it: that
 * client id is not this connection's to announce.
 */
export async function claimAwarenessClient(
  connection: ConnectionRecord,
  entry: AwarenessEntry,
  now: number,
): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.awarenessClaim(connection.apiKey, connection, entry.clientId),
          entity: entities.realtimeAwarenessClaim.name,
          connectionId: connection.connectionId,
          userId: connection.userId,
          clientId: entry.clientId,
          clock: entry.clock,
          ...(entry.state !== 'null' && { state: entry.state }),
          createdAt: now,
          updatedAt: now,
          ttl: seconds(now) + claimTtlSeconds,
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR connectionId = :me OR userId = :user OR #ttl <= :nowSeconds',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':me': connection.connectionId,
          ':user': connection.userId,
          ':nowSeconds': seconds(now),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Stores a later state of the connection's claimed client id (a `null` state removes it): one
 * small UpdateItem on condition that this connection holds the id (another connection of the user
 * may have taken it over) and that the clock is newer than the stored one. Returns `renewed` when
 * the state is the stored one (y-protocols renews every state every 15 s), `changed` otherwise,
 * `refused` when the condition failed: nothing is relayed then.
 */
export async function storeAwarenessState(
  connection: ConnectionRecord,
  entry: AwarenessEntry,
  now: number,
): Promise<'changed' | 'renewed' | 'refused'> {
  const removed = entry.state === 'null';
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.awarenessClaim(connection.apiKey, connection, entry.clientId),
        UpdateExpression: removed
          ? 'REMOVE #state SET clock = :clock, updatedAt = :now'
          : 'SET #state = :state, clock = :clock, updatedAt = :now',
        ConditionExpression: 'connectionId = :me AND clock < :clock',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':me': connection.connectionId,
          ':clock': entry.clock,
          ':now': now,
          ...(!removed && { ':state': entry.state }),
        },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return !removed && output.Attributes?.state === entry.state ? 'renewed' : 'changed';
  } catch (error) {
    if (isConditionFailure(error)) return 'refused';
    throw error;
  }
}

/**
 * Releases the connection's awareness claim, unless another connection took it over meanwhile;
 * returns the released entry (state `null` when the client had removed it), for the removal the
 * room is sent.
 */
export async function releaseAwarenessClaim(
  connection: ConnectionRecord,
): Promise<AwarenessEntry | undefined> {
  if (connection.awarenessClientId === undefined) return undefined;
  try {
    const output = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.awarenessClaim(connection.apiKey, connection, connection.awarenessClientId),
        ConditionExpression: 'connectionId = :me',
        ExpressionAttributeValues: { ':me': connection.connectionId },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const claim = output.Attributes;
    if (!claim) return undefined;
    return {
      clientId: claim.clientId as number,
      clock: claim.clock as number,
      state: typeof claim.state === 'string' ? claim.state : 'null',
    };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * The awareness states of a room, up to `bounds.budgetBytes` of state text. The claims are read in
 * pages of `bounds.claimsPerPage` (the room's connection cap: a room's live claims are one per
 * connection, so one eventually consistent Query reads them all however full the room is, its
 * cost the claims' size, under 1 MB); states past the budget are left out (their clients relay
 * them on their next change). Another page is read only while the budget is not spent (claims of
 * connections that ended without `$disconnect` linger until their TTL). With `storedSince`, only
 * the states stored since then (a renewal round's).
 */
export async function listRoomAwareness(
  apiKey: string,
  room: { organizationId: string; documentId: string; editorId: string },
  bounds: { budgetBytes: number; claimsPerPage: number; storedSince?: number },
  now: number,
): Promise<AwarenessEntry[]> {
  const entries: AwarenessEntry[] = [];
  let spent = 0;
  let startKey: Item | undefined;
  do {
    const output = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.realtimePartition(apiKey, room.organizationId),
          ':prefix': keys.awarenessClaimPrefix(room),
          ...(bounds.storedSince !== undefined && { ':since': bounds.storedSince }),
        },
        ...(bounds.storedSince !== undefined && { FilterExpression: 'updatedAt >= :since' }),
        ProjectionExpression: 'clientId, clock, #state, #ttl',
        ExpressionAttributeNames: { '#state': 'state', '#ttl': 'ttl' },
        Limit: bounds.claimsPerPage,
        ...(startKey && { ExclusiveStartKey: startKey }),
      }),
    );
    for (const item of output.Items ?? []) {
      if (!live(item, now) || typeof item.state !== 'string') continue;
      const size = Buffer.byteLength(item.state);
      if (spent + size > bounds.budgetBytes) return entries;
      spent += size;
      entries.push({
        clientId: item.clientId as number,
        clock: item.clock as number,
        state: item.state,
      });
    }
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return entries;
}

/**
 * Claims the room's next renewal round (decisions §82): one UpdateItem setting `roundAt` to `now`
 * on condition that no round ran in the last `intervalMs`. Returns when the previous round ran (0
 * for none), or undefined when a round is not due.
 */
export async function claimRenewalRound(
  apiKey: string,
  room: { organizationId: string; documentId: string; editorId: string },
  now: number,
  intervalMs: number,
): Promise<number | undefined> {
  try {
    const output = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.realtimeRenewalRound(apiKey, room),
        UpdateExpression: 'SET roundAt = :now, entity = :entity, updatedAt = :now, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(roundAt) OR roundAt <= :due',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':now': now,
          ':due': now - intervalMs,
          ':entity': entities.realtimeRenewalRound.name,
          ':ttl': seconds(now) + claimTtlSeconds,
        },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    return typeof output.Attributes?.roundAt === 'number' ? output.Attributes.roundAt : 0;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
