import { documentAccess } from '../access/document-access';
import { verifyUserToken } from '../access/token-service';
import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { incarnationsWithin, withIncarnations } from '../db/incarnations';
import type { ApiKeyCaller } from '../http/caller';
import { countRequest, knownOverRate, uncountRequest } from '../quotas/request-rate';
import { readAccessStamp } from '../sockets/access-repository';
import { awarenessMessage } from '../sockets/awareness-messages';
import { framesOf, sendToConnections } from '../sockets/broadcast';
import { listRoomNow } from '../sockets/recent-rooms';
import {
  countUserConnections,
  deleteConnection,
  findConnection,
  insertConnection,
} from '../sockets/repository';
import { apiKeyCaller, callerOriginAllowed } from '../workspace/credentials';
import { accessFields } from './access-check';
import { releaseAwarenessClaim } from './awareness-repository';
import { deleteConnectionScratch } from './chunk-repository';
import { type ConnectionRecord, connectParameters } from './schemas';

/** The incarnations a connection to `room` keeps (none when all are 0). */
function roomIncarnations(caller: ApiKeyCaller, room: { organizationId: string; documentId: string }) {
  const within = incarnationsWithin(caller.incarnations, room.organizationId, room.documentId);
  return Object.keys(within).length === 0 ? {} : { incarnations: within };
}

/** The outcome of `$connect`: accepted, or the HTTP status the upgrade is refused with. */
export type ConnectOutcome =
  | { accepted: true }
  | { accepted: false; statusCode: 401 | 403 | 404 | 429; reason: string };

const overRealtimeRate: ConnectOutcome = {
  accepted: false,
  statusCode: 429,
  reason: 'Too many connects and frames for this API key; retry later.',
};

/**
 * `$connect` (addendum §9): counts the connect against the API key's realtime rate (429 past it,
 * at once without a read when this instance already saw the second's window full; given back when
 * the token is wrong), checks the user token (401), that the organization and document exist
 * (404), the Origin and the user's access by §4 — memberships, grants, permission provider — (403)
 * and the room's size (429: `MAX_REALTIME_CONNECTIONS_PER_ROOM`, 500 by addendum §9; also 429 when
 * the user already holds `MAX_REALTIME_CONNECTIONS_PER_USER` connections of the room, counted
 * beside the access check), in that order; the room cap is decided by the write itself. Reads: the
 * signing secret, the API key's credential and the organization's access stamp (access-check.ts),
 * then the access check (tree, document and user, provider config); one transaction writes the
 * connection's two items and increments the room's count, refused at the cap (a full room is
 * recounted before it refuses, see `insertConnection`).
 */
export async function connect(
  connectionId: string,
  query: Record<string, string | undefined>,
  origin: string | undefined,
): Promise<ConnectOutcome> {
  const parsed = connectParameters.safeParse(query);
  if (!parsed.success)
    return { accepted: false, statusCode: 401, reason: 'Missing or malformed connect parameters.' };
  const { apiKey, token, ...room } = parsed.data;
  // A key this instance already found over its rate this second is refused before any read.
  if (knownOverRate(apiKey, 'realtime')) return overRealtimeRate;
  // The access stamp is read before access is resolved, so a change after it moves the stamp.
  const [userId, caller, stamp, rate] = await Promise.all([
    verifyUserToken(apiKey, token),
    apiKeyCaller(apiKey),
    readAccessStamp(apiKey, room.organizationId),
    countRequest(apiKey, 'realtime'),
  ]);
  if (!userId || !caller) {
    if (rate) await uncountRequest(apiKey, 'realtime', rate);
    return { accepted: false, statusCode: 401, reason: 'Invalid, foreign or expired token.' };
  }
  if (rate && !rate.admitted) return overRealtimeRate;
  // The room's keys are those of the current incarnations, and the connection keeps them.
  return withIncarnations(caller.incarnations, () =>
    admit(caller, { connectionId, apiKey, userId, room, origin, stamp }),
  );
}

/** `connect` once the token and the API key are known: the access checks and the write. */
async function admit(
  caller: ApiKeyCaller,
  {
    connectionId,
    apiKey,
    userId,
    room,
    origin,
    stamp,
  }: {
    connectionId: string;
    apiKey: string;
    userId: string;
    room: { organizationId: string; documentId: string; editorId: string };
    origin: string | undefined;
    stamp: string | undefined;
  },
): Promise<ConnectOutcome> {
  const now = nowMs();
  const [access, userConnections] = await Promise.all([
    documentAccess(caller, room, [userId], now),
    countUserConnections(apiKey, room, userId, now),
  ]);
  const entry = access.get(userId);
  if (entry?.errorCode === 'does_not_exist') {
    return {
      accepted: false,
      statusCode: 404,
      reason: `No document ${room.documentId} in ${room.organizationId}.`,
    };
  }
  if (origin !== undefined && !callerOriginAllowed(caller, origin)) {
    return {
      accepted: false,
      statusCode: 403,
      reason: 'This origin is not on the API key’s allowed domains.',
    };
  }
  if (!entry || entry.error !== undefined) {
    return { accepted: false, statusCode: 403, reason: `User ${userId} has no access to this document.` };
  }
  const { MAX_REALTIME_CONNECTIONS_PER_ROOM: maxConnections, MAX_REALTIME_CONNECTIONS_PER_USER: perUser } =
    env();
  if (userConnections >= perUser) {
    return {
      accepted: false,
      statusCode: 429,
      reason: `User ${userId} already has ${perUser} connections to this room.`,
    };
  }
  const inserted = await insertConnection(
    {
      connectionId,
      apiKey,
      ...room,
      userId,
      ...accessFields(entry, stamp, now),
      ...(caller.usesPermissionProvider && { viaProvider: true }),
      connectedAt: now,
      deniedSent: false,
      ...roomIncarnations(caller, room),
    },
    maxConnections,
  );
  if (!inserted) {
    return {
      accepted: false,
      statusCode: 429,
      reason: `The room already has ${maxConnections} connections.`,
    };
  }
  return { accepted: true };
}

/**
 * `$disconnect`: deletes the connection, its unfinished chunked messages and frame-rate window
 * (even when a closing rule deleted the connection item first) and its awareness claim, and tells
 * the room's other connections that its awareness clients are gone (one removal update), so no
 * stale cursor remains.
 */
export async function disconnect(connectionId: string): Promise<void> {
  const now = nowMs();
  const [connection] = await Promise.all([
    findConnection(connectionId, now),
    deleteConnectionScratch(connectionId),
  ]);
  if (!connection) return;
  await withIncarnations(connection.incarnations ?? {}, () => leave(connection, now));
}

/** `disconnect` of a found connection, in its incarnations. */
async function leave(connection: ConnectionRecord, now: number) {
  const { connectionId } = connection;
  const [, released] = await Promise.all([
    deleteConnection(connection.apiKey, connection, connectionId, now),
    releaseAwarenessClaim(connection),
  ]);
  if (!released || released.state === 'null') return;
  // The removal y-protocols' `removeAwarenessStates` would send: a higher clock, state null.
  const removal = awarenessMessage([
    { clientId: released.clientId, clock: released.clock + 1, state: 'null' },
  ]);
  const others = await listRoomNow(connection.apiKey, connection, now);
  await sendToConnections(connection.apiKey, connection.organizationId, others, framesOf(removal));
}
