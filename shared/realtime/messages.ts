import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { writePermissionDenied } from 'y-protocols/auth';
import { messageYjsSyncStep1, messageYjsSyncStep2, messageYjsUpdate } from 'y-protocols/sync';
import * as Y from 'yjs';
import { nowMs } from '../core/clock';
import { ApiError } from '../core/errors';
import { logger } from '../core/logger';
import { applyClientUpdate, refusals } from '../crdt/client-updates';
import { docFromUpdates } from '../crdt/codec';
import { loadEditors } from '../crdt/repository';
import { withIncarnations } from '../db/incarnations';
import {
  framesOf,
  messageType,
  sendToConnections,
  syncStepOneMessage,
  syncUpdateMessage,
} from '../sockets/broadcast';
import { decodeBase64, parseFrame } from '../sockets/frames';
import { connectionPoster } from '../sockets/poster';
import { listRoomNow, listRoomRecently } from '../sockets/recent-rooms';
import { findConnection, updateConnection } from '../sockets/repository';
import { whileAllowed } from './access-check';
import { receiveAwarenessUpdate, renewalMessages, roomAwarenessMessage } from './awareness-updates';
import { storeChunk } from './chunk-repository';
import { admitFrame } from './frame-rate';
import { unservedCloseCode } from './greeting';
import { keyFrameRate } from './key-frame-rate';
import type { ConnectionRecord } from './schemas';

/**
 * `$default`: one text frame from a client (addendum §9). A `~` part is stored until its message
 * is complete; a whole message is handled by its y-websocket type. Frames of unknown connections,
 * JSON and malformed frames are ignored, and a message that cannot be handled is logged: nothing
 * a client sends fails the function. Every frame that reaches the table is counted against the
 * connection's frame rate first (`admitFrame`: over it, the connection is closed with 1008).
 */
export async function receiveFrame(connectionId: string, text: string): Promise<void> {
  const now = nowMs();
  const frame = parseFrame(text);
  if (frame.kind !== 'message' && frame.kind !== 'part') return;
  const keyRate = keyFrameRate(connectionId);
  const [connection, admitted] = await Promise.all([
    findConnection(connectionId, now),
    admitFrame(connectionId, now),
  ]);
  if (!connection) return closeUnserved(connectionId, 'The connection is not known; reconnect.');
  if (!admitted || !(await keyRate.admit(connection))) return;
  let message: Uint8Array | undefined;
  if (frame.kind === 'message') message = frame.bytes;
  else {
    const outcome = await storeChunk(connectionId, frame, now);
    if (outcome.kind !== 'complete') return;
    message = decodeBase64(outcome.text);
  }
  if (!message) return;
  try {
    // The room's keys are those of the incarnations the connection was made in; access is checked again.
    await withIncarnations(connection.incarnations ?? {}, () =>
      whileAllowed(connection, (current) => handleMessage(current, message)),
    );
  } catch (error) {
    logger.warn('realtime message not handled', { connectionId, error: error as Error });
    // A malformed message (lib0 and Yjs throw plain errors while decoding) is dropped. A message the
    // server failed to store (a DynamoDB error, a contended write) would leave the client believing
    // the server has its edits: the connection is closed, and the reconnecting client re-syncs.
    if (isServiceFailure(error))
      await closeUnserved(connectionId, 'A message could not be stored; reconnect.');
  }
}

/** Errors of the service rather than of the message: an AWS SDK call's, or an API error such as ABORTED. */
const isServiceFailure = (error: unknown) =>
  error instanceof ApiError || (typeof error === 'object' && error !== null && '$metadata' in error);

/** Close code for a connection whose update would pass `maxDocumentBytes` (RFC 6455: message too big). */
export const documentTooLargeCloseCode = 1009;

/**
 * Closes a socket the server cannot serve — its connection item is gone (a closing rule deleted it
 * while `$connect` still ran, when no close could reach it) or one of its messages failed — so
 * that no accepted connection stays open unserved: y-websocket reconnects, and `$connect` decides again.
 */
async function closeUnserved(connectionId: string, reason: string): Promise<void> {
  try {
    const poster = await connectionPoster();
    await poster?.close(connectionId, unservedCloseCode, reason);
  } catch (error) {
    logger.warn('realtime close failed', { connectionId, error: error as Error });
  }
}

/** A y-protocols auth message `permission-denied` with its reason: an update the server did not store. */
function deniedMessage(reason: string): Uint8Array {
  const denied = encoding.createEncoder();
  encoding.writeVarUint(denied, messageType.auth);
  writePermissionDenied(denied, reason);
  return encoding.toUint8Array(denied);
}

/** Sends a reply's messages to the connection itself. */
async function reply(connection: ConnectionRecord, messages: readonly Uint8Array[]): Promise<void> {
  const self = [
    {
      connectionId: connection.connectionId,
      documentId: connection.documentId,
      editorId: connection.editorId,
      userId: connection.userId,
      connectedAt: connection.connectedAt,
    },
  ];
  await sendToConnections(connection.apiKey, connection.organizationId, self, messages.flatMap(framesOf));
}

/**
 * The room's other connections: listed now, or for an awareness renewal as this instance listed
 * them within the last second (`listRoomRecently`).
 */
async function others(connection: ConnectionRecord, renewal = false) {
  const list = renewal ? listRoomRecently : listRoomNow;
  const members = await list(connection.apiKey, connection, nowMs());
  return members.filter((member) => member.connectionId !== connection.connectionId);
}

async function handleMessage(connection: ConnectionRecord, message: Uint8Array): Promise<void> {
  const decoder = decoding.createDecoder(message);
  switch (decoding.readVarUint(decoder)) {
    case messageType.sync:
      return handleSync(connection, decoder);
    case messageType.awareness: {
      // Awareness is a cursor and a name, not content: one bounded client state per connection.
      const relayed = await receiveAwarenessUpdate(connection, decoding.readVarUint8Array(decoder), nowMs());
      if (!relayed) return;
      const room = await others(connection, relayed.renewal);
      const messages = relayed.renewal
        ? await renewalMessages(connection, room.length + 1, relayed.message, nowMs())
        : [relayed.message];
      if (messages.length === 0) return;
      await sendToConnections(connection.apiKey, connection.organizationId, room, messages.flatMap(framesOf));
      return;
    }
    case messageType.queryAwareness:
      return reply(connection, [await roomAwarenessMessage(connection, nowMs())]);
    default:
      return;
  }
}

/**
 * Sync (addendum §9). Step 1: answered with step 2 (what the client lacks) and the server's own
 * step 1 (so the client sends what the server lacks; the greeting carried one already, but a
 * client that syncs again gets a current one); the room's awareness and live state reach a joiner
 * in its greeting (greeting.ts). Step 2 and updates: stored, then broadcast to the room's other
 * connections; a viewer's changing update is dropped and answered once with `permission-denied`.
 */
async function handleSync(connection: ConnectionRecord, decoder: decoding.Decoder): Promise<void> {
  const syncType = decoding.readVarUint(decoder);
  if (syncType === messageYjsSyncStep1) {
    const stateVector = decoding.readVarUint8Array(decoder);
    const [editor] = await loadEditors(
      connection.apiKey,
      connection.organizationId,
      connection.documentId,
      connection.editorId,
    );
    const doc = docFromUpdates(editor?.records.map((record) => record.bytes) ?? []);
    const step2 = encoding.createEncoder();
    encoding.writeVarUint(step2, messageType.sync);
    encoding.writeVarUint(step2, messageYjsSyncStep2);
    encoding.writeVarUint8Array(step2, Y.encodeStateAsUpdate(doc, stateVector));
    return reply(connection, [encoding.toUint8Array(step2), syncStepOneMessage(doc)]);
  }
  if (syncType !== messageYjsSyncStep2 && syncType !== messageYjsUpdate) return;
  const update = decoding.readVarUint8Array(decoder);
  const write = connection.role !== 'viewer';
  const result = await applyClientUpdate(connection.apiKey, connection, update, {
    write,
    userId: connection.userId,
  });
  if (!write) {
    if (result.changed && !connection.deniedSent) {
      await reply(connection, [
        deniedMessage('This connection is read-only: the user is a viewer of the document.'),
      ]);
      await updateConnection(connection.connectionId, { deniedSent: true }, nowMs());
    }
    return;
  }
  // An update past the size limit closes the connection (1009, message too big: addendum §12); the
  // client's document is larger than the server will hold, so resending it would fail again.
  if (result.refused === refusals.tooLarge) {
    const poster = await connectionPoster();
    await poster?.close(connection.connectionId, documentTooLargeCloseCode, result.refused);
    return;
  }
  // Content the server refuses to store (too deeply nested, undecodable) is answered like a viewer's edit.
  if (result.refused) return reply(connection, [deniedMessage(result.refused)]);
  if (!result.stored) return;
  const room = await others(connection);
  await sendToConnections(
    connection.apiKey,
    connection.organizationId,
    room,
    framesOf(syncUpdateMessage(result.stored)),
  );
}
