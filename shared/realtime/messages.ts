import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { writePermissionDenied } from 'y-protocols/auth';
import { messageYjsSyncStep1, messageYjsSyncStep2, messageYjsUpdate, writeSyncStep1 } from 'y-protocols/sync';
import * as Y from 'yjs';
import { nowMs } from '../core/clock';
import { logger } from '../core/logger';
import { applyClientUpdate } from '../crdt/client-updates';
import { docFromUpdates } from '../crdt/codec';
import { loadEditors } from '../crdt/repository';
import { withIncarnations } from '../db/incarnations';
import { awarenessMessage, mergeAwareness, storedClients } from './awareness';
import { framesOf, messageType, sendToConnections, syncUpdateMessage } from './broadcast';
import { frameRate } from './frame-rate';
import { decodeBase64, parseFrame } from './frames';
import { listLiveStates } from './live-state-repository';
import { connectionPoster } from './poster';
import {
  deleteChunks,
  findConnection,
  findConnections,
  listConnections,
  storeChunk,
  updateConnection,
} from './repository';
import type { ConnectionRecord } from './schemas';

/** Largest awareness update relayed and stored (cursors and user names are far smaller). */
export const maxAwarenessBytes = 32 * 1024;

/**
 * `$default`: one text frame from a client (addendum §9). A `~` part is stored until its message
 * is complete; a whole message is handled by its y-websocket type. Frames of unknown connections,
 * JSON and malformed frames are ignored, and a message that cannot be handled is logged: nothing
 * a client sends fails the function.
 */
export async function receiveFrame(connectionId: string, text: string): Promise<void> {
  const now = nowMs();
  const frame = parseFrame(text);
  if (frame.kind !== 'message' && frame.kind !== 'part') return;
  const rate = frameRate(connectionId);
  const connection = await findConnection(connectionId, now);
  if (!connection || !(await rate.admit(connection))) return;
  let message: Uint8Array | undefined;
  if (frame.kind === 'message') message = frame.bytes;
  else {
    const parts = await storeChunk(connectionId, frame, now);
    if (!parts) return;
    await deleteChunks(connectionId, frame.messageId, frame.count);
    message = decodeBase64(parts.join(''));
  }
  if (!message) return;
  try {
    // The room's keys are those of the incarnations the connection was made in.
    await withIncarnations(connection.incarnations ?? {}, () => handleMessage(connection, message));
  } catch (error) {
    // A malformed message (lib0 and Yjs throw plain errors while decoding) or a failed write: the
    // client is not told (y-websocket has no error message); it re-syncs on its next connect.
    logger.warn('realtime message not handled', { connectionId, error: error as Error });
  }
}

/** Sends a reply's messages to the connection itself. */
async function reply(connection: ConnectionRecord, messages: readonly Uint8Array[]): Promise<void> {
  const self = [
    {
      connectionId: connection.connectionId,
      documentId: connection.documentId,
      editorId: connection.editorId,
      userId: connection.userId,
    },
  ];
  await sendToConnections(connection.apiKey, connection.organizationId, self, messages.flatMap(framesOf));
}

/** The room's other connections. */
async function others(connection: ConnectionRecord) {
  const members = await listConnections(connection.apiKey, connection, nowMs());
  return members.filter((member) => member.connectionId !== connection.connectionId);
}

async function handleMessage(connection: ConnectionRecord, message: Uint8Array): Promise<void> {
  const decoder = decoding.createDecoder(message);
  switch (decoding.readVarUint(decoder)) {
    case messageType.sync:
      return handleSync(connection, decoder);
    case messageType.awareness: {
      const update = decoding.readVarUint8Array(decoder);
      // Awareness is a cursor and a name, not content: bigger updates, or a connection announcing
      // more than twice that in all, are dropped (the connection's item holds them, within 400 KB).
      if (update.length > maxAwarenessBytes) return;
      const awareness = mergeAwareness(connection.awareness, update);
      if (JSON.stringify(awareness).length > 2 * maxAwarenessBytes) return;
      await updateConnection(connection.connectionId, { awareness }, nowMs());
      const room = await others(connection);
      await sendToConnections(connection.apiKey, connection.organizationId, room, framesOf(message));
      return;
    }
    case messageType.queryAwareness:
      return reply(connection, [await roomAwareness(connection)]);
    default:
      return;
  }
}

/** Every awareness state the room's connections announced, as one awareness message. */
async function roomAwareness(connection: ConnectionRecord): Promise<Uint8Array> {
  const members = await listConnections(connection.apiKey, connection, nowMs());
  const records = await findConnections(
    members.map((member) => member.connectionId),
    nowMs(),
  );
  return awarenessMessage(records.flatMap((record) => storedClients(record.awareness)));
}

/**
 * Sync (addendum §9). Step 1: answered with step 2 (what the client lacks) and the server's own
 * step 1 (so the client sends what the server lacks), then the room's awareness states and the
 * document's live state — a joiner's whole catch-up, since API Gateway lets nothing be sent during
 * `$connect`. Step 2 and updates: stored, then broadcast to the room's other connections; a
 * viewer's changing update is dropped and answered once with `permission-denied`.
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
    const step1 = encoding.createEncoder();
    encoding.writeVarUint(step1, messageType.sync);
    writeSyncStep1(step1, doc);
    const [awareness, liveStates] = await Promise.all([
      roomAwareness(connection),
      listLiveStates(connection.apiKey, connection.organizationId, connection.documentId, nowMs()),
    ]);
    await reply(connection, [encoding.toUint8Array(step2), encoding.toUint8Array(step1), awareness]);
    const poster = await connectionPoster();
    for (const state of liveStates) await poster?.post(connection.connectionId, JSON.stringify(state));
    return;
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
      const denied = encoding.createEncoder();
      encoding.writeVarUint(denied, messageType.auth);
      writePermissionDenied(denied, 'This connection is read-only: the user is a viewer of the document.');
      await reply(connection, [encoding.toUint8Array(denied)]);
      await updateConnection(connection.connectionId, { deniedSent: true }, nowMs());
    }
    return;
  }
  if (!result.stored) return;
  const room = await others(connection);
  await sendToConnections(
    connection.apiKey,
    connection.organizationId,
    room,
    framesOf(syncUpdateMessage(result.stored)),
  );
}
