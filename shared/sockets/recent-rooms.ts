import { keys } from '../db/keys';
import { listConnections } from './repository';
import type { Room, RoomMember } from './schemas';

/**
 * Room listings this instance read lately, keyed by the listing's partition and prefix (so API
 * keys and incarnations never share one); bounded, starting over when full (a 500-room listing is
 * about 100 KB).
 */
const listings = new Map<string, { members: RoomMember[]; readAt: number }>();
const maxListings = 100;

/** How long a listing serves `listRoomRecently`. */
export const recentListingMs = 1_000;

const listingKey = (apiKey: string, room: Room) =>
  `${keys.realtimePartition(apiKey, room.organizationId)}\u0000${keys.realtimeRoomPrefix(room.organizationId, room.documentId, room.editorId)}`;

/** The room's connections (`listConnections`, one Query), remembered for `listRoomRecently`. */
export async function listRoomNow(apiKey: string, room: Room, now: number): Promise<RoomMember[]> {
  const members = await listConnections(apiKey, room, now);
  if (listings.size >= maxListings) listings.clear();
  listings.set(listingKey(apiKey, room), { members, readAt: now });
  return members;
}

/**
 * The room's connections as this instance listed them less than `recentListingMs` ago, else
 * listed now. Only for a relay a connection that joined within that second can miss without harm:
 * an awareness renewal (an unchanged state at a newer clock, every 15 s per client) reaches a
 * joiner that already holds the state from its sync step 1, and the next renewal refreshes it long
 * before y-protocols' 30 s timeout. In a room of 500 the renewals are 33 relays a second; they then
 * cost one room Query a second per instance instead of 33.
 */
export async function listRoomRecently(apiKey: string, room: Room, now: number): Promise<RoomMember[]> {
  const recent = listings.get(listingKey(apiKey, room));
  if (recent && now - recent.readAt < recentListingMs) return recent.members;
  return listRoomNow(apiKey, room, now);
}
