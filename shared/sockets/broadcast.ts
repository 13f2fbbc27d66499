import { randomBytes } from 'node:crypto';
import * as encoding from 'lib0/encoding';
import { writeSyncStep1, writeUpdate } from 'y-protocols/sync';
import type * as Y from 'yjs';
import { nowMs } from '../core/clock';
import { logger } from '../core/logger';
import { mapInParallel } from '../db/parallel';
import { messageFrames } from './frames';
import { connectionPoster } from './poster';
import { listRoomNow } from './recent-rooms';
import { deleteConnection, listConnections } from './repository';
import type { Room, RoomMember } from './schemas';

/** y-websocket message types (addendum §9). */
export const messageType = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3 } as const;

/** Frames of one y-websocket message, under a fresh part id when it needs `~` parts. */
export const framesOf = (message: Uint8Array): string[] =>
  messageFrames(message, randomBytes(6).toString('hex'));

/** A sync update message (type 0, sub-type 2) carrying `update`. */
export function syncUpdateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageType.sync);
  writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** The server's sync step 1 (type 0, sub-type 0): the state vector of `doc`, so the client sends what it lacks. */
export function syncStepOneMessage(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, messageType.sync);
  writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/**
 * Posts one broadcast keeps in flight: the management API client's socket pool (the SDK's default
 * of 50), so a room of 500 is reached in ten rounds of posts instead of queueing 500 requests on
 * 50 sockets, each waiting out its turn against its own timeout.
 */
export const postConcurrency = 50;

/**
 * API Gateway answers 410 to a post to a connection whose `$connect` has not returned yet, and
 * `$connect` stores the connection just before it returns: a connection this young that reports
 * gone may still be opening (a room filling fast is broadcast to meanwhile), so it is left to its
 * `$disconnect`, not deleted.
 */
const openingMs = 10_000;

/**
 * Connections this instance found gone (410 past `openingMs`). A connection id never comes back,
 * so they are neither posted to nor deleted again: when a room empties at once (a deploy, a
 * network failure), each departure's removal update meets the others' closed sockets, and without
 * this every broadcast would try to delete every one of them, n² deletes. Bounded: starts over when full.
 */
const goneConnections = new Set<string>();
const maxGoneConnections = 10_000;

/**
 * Sends frames to connections, each connection's frames in order, `postConcurrency` connections
 * at a time; a connection API Gateway reports gone (410) is deleted, once per instance, unless it
 * may still be opening (`openingMs`). Returns how many received the frames. A failure to reach one
 * connection is logged, not thrown: the change it carried is stored, and the client catches up
 * with its next sync.
 */
export async function sendToConnections(
  apiKey: string,
  organizationId: string,
  members: readonly RoomMember[],
  frames: readonly string[],
): Promise<number> {
  const poster = await connectionPoster();
  if (!poster || members.length === 0) return 0;
  const reachable = members.filter((member) => !goneConnections.has(member.connectionId));
  const outcomes = await mapInParallel(reachable, postConcurrency, async (member) => {
    try {
      for (const frame of frames) {
        if ((await poster.post(member.connectionId, frame)) === 'gone') {
          const now = nowMs();
          if (now - member.connectedAt < openingMs) return false;
          if (goneConnections.size >= maxGoneConnections) goneConnections.clear();
          goneConnections.add(member.connectionId);
          const room: Room = { organizationId, documentId: member.documentId, editorId: member.editorId };
          await deleteConnection(apiKey, room, member.connectionId, now);
          return false;
        }
      }
      return true;
    } catch (error) {
      logger.warn('realtime post failed', { connectionId: member.connectionId, error: error as Error });
      return false;
    }
  });
  return outcomes.filter(Boolean).length;
}

/**
 * Sends a stored CRDT change to every connection of the editor's room as a sync update (REST
 * crdt/add and crdt/update; addendum §9): one Query for the room, one post per connection and part.
 */
export async function broadcastUpdate(apiKey: string, room: Room, update: Uint8Array): Promise<void> {
  const members = await listRoomNow(apiKey, room, nowMs());
  if (members.length === 0) return;
  await sendToConnections(apiKey, room.organizationId, members, framesOf(syncUpdateMessage(update)));
}

/**
 * Closes every connection of a document (or, without `documentId`, of an organization) with a
 * close code the client will not reconnect after (addendum §9: 4404 deleted, 4403 access removed),
 * and deletes their items. `userIds` narrows it to those users' connections.
 */
export async function closeConnections(
  apiKey: string,
  scope: { organizationId: string; documentId?: string; userIds?: readonly string[] },
  code: 4403 | 4404,
  reason: string,
): Promise<number> {
  const members = (await listConnections(apiKey, scope, nowMs())).filter(
    (member) => !scope.userIds || scope.userIds.includes(member.userId),
  );
  await closeMembers(apiKey, scope.organizationId, members, code, reason);
  return members.length;
}

/** Closes the given connections and deletes their items, `postConcurrency` at a time. */
export async function closeMembers(
  apiKey: string,
  organizationId: string,
  members: readonly RoomMember[],
  code: 4403 | 4404,
  reason: string,
): Promise<void> {
  const poster = await connectionPoster();
  await mapInParallel(members, postConcurrency, async (member) => {
    try {
      await poster?.close(member.connectionId, code, reason);
    } catch (error) {
      logger.warn('realtime close failed', { connectionId: member.connectionId, error: error as Error });
    }
    const room: Room = { organizationId, documentId: member.documentId, editorId: member.editorId };
    await deleteConnection(apiKey, room, member.connectionId, nowMs());
  });
}
