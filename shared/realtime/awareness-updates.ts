import { env } from '../config/env';
import { awarenessMessage, awarenessMessagesWithin } from '../sockets/awareness-messages';
import { updateConnection } from '../sockets/repository';
import { ownAwarenessEntry } from './awareness';
import {
  claimAwarenessClient,
  claimRenewalRound,
  listRoomAwareness,
  storeAwarenessState,
} from './awareness-repository';
import type { ConnectionRecord } from './schemas';

/**
 * Records an awareness update of a connection (addendum §9) within the bounds, and returns the
 * awareness message to relay to the room — and whether it only renews the stored state (the same
 * state at a newer clock) — or undefined when nothing is relayed. Only one client id per
 * connection: the first the connection announces, claimed in the room (a client id another user's
 * connection holds is refused); entries for other ids are dropped, and so are states that are not
 * JSON or exceed `REALTIME_MAX_AWARENESS_BYTES` (UTF-8 bytes), and clocks not newer than the
 * stored one. The relayed message carries the accepted entry alone, re-encoded. Writes: the claim
 * with the state and the bound id on the connection (first update), or the state on the claim (one
 * UpdateItem: every later update, cursor moves and the 15 s renewals).
 */
export async function receiveAwarenessUpdate(
  connection: ConnectionRecord,
  update: Uint8Array,
  now: number,
): Promise<{ message: Uint8Array; renewal: boolean } | undefined> {
  const entry = ownAwarenessEntry(connection, update, env().REALTIME_MAX_AWARENESS_BYTES);
  if (!entry) return undefined;
  let renewal = false;
  if (connection.awarenessClientId === undefined) {
    if (!(await claimAwarenessClient(connection, entry, now))) return undefined;
    await updateConnection(connection.connectionId, { awarenessClientId: entry.clientId }, now);
  } else {
    const stored = await storeAwarenessState(connection, entry, now);
    if (stored === 'refused') return undefined;
    renewal = stored === 'renewed';
  }
  return { message: awarenessMessage([entry]), renewal };
}

/**
 * The room's awareness states as one awareness message, for query awareness and sync step 1: at
 * most `REALTIME_MAX_ROOM_AWARENESS_BYTES` of states, read by one Query of the room's claims
 * (pages of `MAX_REALTIME_CONNECTIONS_PER_ROOM`). y-protocols clients apply an update of many
 * clients at once, so a joiner is told the whole room in one message.
 */
export async function roomAwarenessMessage(connection: ConnectionRecord, now: number): Promise<Uint8Array> {
  const { REALTIME_MAX_ROOM_AWARENESS_BYTES: budgetBytes, MAX_REALTIME_CONNECTIONS_PER_ROOM: claimsPerPage } =
    env();
  const entries = await listRoomAwareness(connection.apiKey, connection, { budgetBytes, claimsPerPage }, now);
  return awarenessMessage(entries);
}

/**
 * Rooms of at least this many connections relay awareness renewals in rounds (decisions §82):
 * y-protocols renews every state every 15 s, so a room of n relays n renewals to n − 1 others
 * each 15 s, n² posts (16,600 a second in a room of 500). Smaller rooms relay each renewal.
 */
export const renewalRoundMembers = 32;

/** Least time between two renewal rounds of a room. */
export const renewalRoundMs = 2_000;

/**
 * States stored this long before the previous round are relayed again: instances' clocks differ,
 * and the previous round's Query (eventually consistent) may have missed a state stored just
 * before it. A state relayed twice at the same clock changes nothing at a client.
 */
const roundOverlapMs = 1_000;

/**
 * What a renewal relays to a room of `roomSize` connections. A small room: the renewal itself. A
 * large one: nothing while a round ran less than `renewalRoundMs` ago; else this renewal starts a
 * round, which relays every state stored since the previous one (one UpdateItem, one Query). A
 * renewal left to the next round reaches the room within the next renewal of any of its clients
 * after that (in a room of 32 or more, well within y-protocols' 30 s timeout).
 */
export async function renewalMessages(
  connection: ConnectionRecord,
  roomSize: number,
  renewal: Uint8Array,
  now: number,
): Promise<Uint8Array[]> {
  if (roomSize < renewalRoundMembers) return [renewal];
  const previousRound = await claimRenewalRound(connection.apiKey, connection, now, renewalRoundMs);
  if (previousRound === undefined) return [];
  const { REALTIME_MAX_ROOM_AWARENESS_BYTES: budgetBytes, MAX_REALTIME_CONNECTIONS_PER_ROOM: claimsPerPage } =
    env();
  const renewed = await listRoomAwareness(
    connection.apiKey,
    connection,
    { budgetBytes: Number.POSITIVE_INFINITY, claimsPerPage, storedSince: previousRound - roundOverlapMs },
    now,
  );
  return awarenessMessagesWithin(renewed, budgetBytes);
}
