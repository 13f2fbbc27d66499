import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { resourceExhausted } from '../core/errors';
import { batchGet, type TransactItem, transactionLimit } from '../db/batch';
import { db, tableName } from '../db/client';
import { updateIf } from '../db/conditional-updates';
import { commitCounted } from '../db/counted-writes';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import { seconds } from '../sockets/repository';
import { type ExpectedLiveState, liveStateExpiry, liveStateUpdate } from './live-state-repository';
import type { LiveStateFrame } from './schemas';

/**
 * A document's live-state index (decisions §60): the ids of its stored values, at most the number
 * a joiner reads, so every stored value reaches a joiner. Invariant: every stored value's id is in
 * the index. A value is created only in the transaction that adds its id (on condition that the
 * index has room), an id leaves the index only in the transaction that deletes its expired value,
 * and a write outside a transaction requires the value to exist. The index has no TTL: it must
 * outlive every value it counts (a value written alone extends its own TTL, not the index).
 */

/** A document's live-state ids, as its index item holds them. */
export interface LiveStateIds {
  /**
   * Each id and a lower bound of its value's expiry (epoch seconds): the expiry written when the id
   * joined or was last checked; a value written alone since has a later one.
   */
  ids: Record<string, number>;
  /** Bumped by every change of the index. */
  version: number;
}

/** A document's live-state index (one GetItem; eventually consistent unless `consistent`). */
export async function findLiveStateIds(
  apiKey: string,
  organizationId: string,
  documentId: string,
  consistent = false,
): Promise<LiveStateIds | undefined> {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.liveStateIds(apiKey, organizationId, documentId),
      ...(consistent && { ConsistentRead: true }),
    }),
  );
  const item = output.Item;
  return item && { ids: item.ids as Record<string, number>, version: item.version as number };
}

/** Where one value joins the index: the document, the value and what its write expects of the stored one. */
interface Addition {
  apiKey: string;
  organizationId: string;
  documentId: string;
  frame: LiveStateFrame;
  expected: ExpectedLiveState;
  /** The ids a document may hold (`REALTIME_MAX_LIVE_STATES_PER_DOCUMENT`). */
  cap: number;
}

const contention = 'The live state of this document is being changed concurrently; retry.';

/**
 * Writes a value together with its id's entry in the document's index (one TransactWriteItems):
 * the entry is set on condition that the id is already counted or the index has room (the
 * document's first value creates the index), so concurrent new ids can never pass the cap. When
 * the index is full (as `known`, the index as last read, already shows, or as the condition
 * finds), it is read again (consistent) and the entries past their expiry are checked against
 * their values: expired ones are removed and their values deleted in the transaction that adds
 * the id (conditioned on the version read). Returns false when the write lost to a concurrent one
 * (the caller reads again and retries). Throws RESOURCE_EXHAUSTED, naming `liveStateDataId`, when
 * the document holds `cap` live ids; ABORTED when concurrent transactions keep conflicting.
 */
export async function addLiveState(addition: Addition, known: LiveStateIds | undefined): Promise<boolean> {
  const { apiKey, organizationId, documentId, frame, cap } = addition;
  const isFull = (ids: LiveStateIds) =>
    ids.ids[frame.liveStateDataId] === undefined && Object.keys(ids.ids).length >= cap;
  if (!known || !isFull(known)) {
    const reasons = await commitCounted([indexWrite(addition, known), valueWrite(addition)], contention);
    if (!reasons) return true;
    // The value changed since a merge read it, or the index was created meanwhile: read again.
    if (reasons[1] === 'ConditionalCheckFailed' || !known) return false;
  }
  const current = await findLiveStateIds(apiKey, organizationId, documentId, true);
  if (!current || !isFull(current)) return false;
  return replaceExpired(addition, current);
}

/** The index's part of adding an id: its entry set if the index has room, or the index created. */
function indexWrite(addition: Addition, known: LiveStateIds | undefined): TransactItem {
  const { apiKey, organizationId, documentId, frame, cap } = addition;
  const index = keys.liveStateIds(apiKey, organizationId, documentId);
  const expires = liveStateExpiry(frame.timestamp);
  if (known)
    return {
      Update: {
        TableName: tableName(),
        Key: index,
        UpdateExpression: 'SET ids.#id = :expires, updatedAt = :now ADD version :one',
        ConditionExpression: 'attribute_exists(ids.#id) OR size(ids) < :cap',
        ExpressionAttributeNames: { '#id': frame.liveStateDataId },
        ExpressionAttributeValues: { ':expires': expires, ':now': frame.timestamp, ':one': 1, ':cap': cap },
      },
    };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...index,
        entity: entities.liveStateIds.name,
        documentId,
        ids: { [frame.liveStateDataId]: expires },
        version: 1,
        createdAt: frame.timestamp,
        updatedAt: frame.timestamp,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const valueWrite = ({ apiKey, organizationId, documentId, frame, expected }: Addition): TransactItem => ({
  Update: liveStateUpdate(apiKey, organizationId, documentId, frame, expected),
});

/**
 * The full index's entries past their recorded expiry are checked against their values (one
 * consistent BatchGetItem, projected to the id and ttl): a value written alone since is still live
 * and its entry is brought up to date; the others (expired, or deleted by DynamoDB's TTL) make
 * room. Then one transaction, on condition that the index is still at the version read, removes
 * them from the index and deletes their values (on condition that they are still expired), and
 * adds the new id with its value. Returns false when anything moved meanwhile.
 */
async function replaceExpired(addition: Addition, current: LiveStateIds): Promise<boolean> {
  const { apiKey, organizationId, documentId, frame, cap } = addition;
  const now = seconds(frame.timestamp);
  const entries = Object.entries(current.ids);
  const unexpired = entries.filter(([, expires]) => expires > now).map(([, expires]) => expires);
  const overdue = entries.filter(([, expires]) => expires <= now).map(([id]) => id);
  if (unexpired.length >= cap) throw full(addition, unexpired, now);
  const stored = await batchGet(
    overdue.map((id) => keys.liveState(apiKey, organizationId, documentId, id)),
    ['liveStateDataId', 'ttl'],
    true,
  );
  const expiryOf = new Map(stored.map((value) => [value.liveStateDataId as string, value.ttl as number]));
  const stillLive = overdue.flatMap((id) => {
    const expires = expiryOf.get(id);
    return expires !== undefined && expires > now ? [[id, expires] as const] : [];
  });
  const live = new Set(stillLive.map(([id]) => id));
  // The index and the new value take two of a transaction's places; the rest go another time.
  const expired = overdue.filter((id) => !live.has(id)).slice(0, transactionLimit - 2);
  const key = keys.liveStateIds(apiKey, organizationId, documentId);
  const liveNames = Object.fromEntries(stillLive.map(([id], i) => [`#l${i}`, id]));
  const refreshed = stillLive.map((_, i) => `ids.#l${i} = :l${i}`);
  const refreshedValues = Object.fromEntries(stillLive.map(([, expires], i) => [`:l${i}`, expires]));
  if (unexpired.length + stillLive.length >= cap) {
    // Full of live values: record their expiries, so the next refusal needs no BatchGetItem.
    if (refreshed.length > 0)
      await updateIf({
        Key: key,
        UpdateExpression: `SET ${refreshed.join(', ')} ADD version :one`,
        ConditionExpression: 'version = :version',
        ExpressionAttributeNames: liveNames,
        ExpressionAttributeValues: { ...refreshedValues, ':one': 1, ':version': current.version },
      });
    throw full(addition, [...unexpired, ...stillLive.map(([, expires]) => expires)], now);
  }
  const reasons = await commitCounted(
    [
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression:
            `SET ${[...refreshed, 'ids.#id = :expires', 'updatedAt = :now'].join(', ')}` +
            `${expired.length > 0 ? ` REMOVE ${expired.map((_, i) => `ids.#x${i}`).join(', ')}` : ''} ADD version :one`,
          ConditionExpression: 'version = :version',
          ExpressionAttributeNames: {
            ...liveNames,
            ...Object.fromEntries(expired.map((id, i) => [`#x${i}`, id])),
            '#id': frame.liveStateDataId,
          },
          ExpressionAttributeValues: {
            ...refreshedValues,
            ':expires': liveStateExpiry(frame.timestamp),
            ':now': frame.timestamp,
            ':one': 1,
            ':version': current.version,
          },
        },
      },
      valueWrite(addition),
      ...expired.map(
        (id): TransactItem => ({
          Delete: {
            TableName: tableName(),
            Key: keys.liveState(apiKey, organizationId, documentId, id),
            ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':now': now },
          },
        }),
      ),
    ],
    contention,
  );
  return !reasons;
}

/**
 * RESOURCE_EXHAUSTED for a new id at the cap, with `Retry-After` until the first of the live
 * values expires (`expiries`, epoch seconds; `now` too).
 */
function full({ cap }: Addition, expiries: readonly number[], now: number) {
  const wait = Math.max(1, Math.min(...expiries) - now);
  return resourceExhausted(
    `liveStateDataId: a document holds at most ${cap} live-state ids at once (each kept 24 h after its last broadcast); broadcast to one of them, or retry once one expires.`,
    wait,
  );
}
