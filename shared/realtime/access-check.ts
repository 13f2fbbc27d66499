import { documentAccess } from '../access/document-access';
import type { PermissionEntry } from '../access-model/model';
import { env } from '../config/env';
import { nowMs } from '../core/clock';
import { isFenced } from '../plugins/fence';
import { readAccessStamp } from '../sockets/access-repository';
import { closeMembers } from '../sockets/broadcast';
import { updateConnection } from '../sockets/repository';
import { apiKeyCaller } from '../workspace/credentials';
import type { ConnectionRecord } from './schemas';

/**
 * Access on an open connection (addendum §9, decisions §61). A connection
 * keeps the role `$connect` resolved, but every message it sends is handled only once its access
 * holds now: within `REALTIME_ACCESS_RECHECK_SECONDS` of the last check nothing is read; past it,
 * the organization's access stamp is read (one small GetItem) and compared with the stamp access
 * was last resolved at. Only when the stamp moved (a route changed access or erased), the deciding
 * grant expired, or the permission provider decides (it announces no change) is access resolved
 * again — the credential (erasure fence), tree, document and user — and the connection closed
 * (4404 deleted or fenced, 4403 no access) or its role rewritten (a viewer's edits are not stored).
 */

/** When this instance last found each connection's stamp unchanged (bounded; a miss costs one read). */
const confirmed = new Map<string, number>();
const maxConfirmed = 10_000;

const recheckWindowMs = () => env().REALTIME_ACCESS_RECHECK_SECONDS * 1000;

/** The connection fields an access resolution sets: role, when, at which stamp, until when. */
export function accessFields(entry: PermissionEntry, stamp: string | undefined, now: number) {
  return {
    role: entry.accessRole === 'viewer' ? ('viewer' as const) : ('editor' as const),
    accessCheckedAt: now,
    accessStamp: stamp ?? '',
    // Unix seconds in entries (addendum §4); 0: no end.
    accessExpiresAt: entry.expiresAt === undefined ? 0 : entry.expiresAt * 1000,
  };
}

/**
 * Runs `work` with the connection as its access is now, unless the connection lost access, in which
 * case it is closed and `work` does not run. Must run in the connection's incarnations. Throws what
 * the reads throw (the message is then not handled).
 */
export async function whileAllowed(
  connection: ConnectionRecord,
  work: (current: ConnectionRecord) => Promise<void>,
): Promise<void> {
  const current = await currentAccess(connection, nowMs());
  if (current) await work(current);
}

/** The connection with its current role, or undefined once closed for lost access. */
async function currentAccess(connection: ConnectionRecord, now: number) {
  const { connectionId } = connection;
  const expiresAt = connection.accessExpiresAt ?? 0;
  const expired = expiresAt > 0 && now >= expiresAt;
  const checkedAt = Math.max(
    connection.accessCheckedAt ?? connection.connectedAt,
    confirmed.get(connectionId) ?? 0,
  );
  if (!expired && now - checkedAt < recheckWindowMs()) return connection;
  const stamp = await readAccessStamp(connection.apiKey, connection.organizationId);
  if (!expired && !connection.viaProvider && (stamp ?? '') === (connection.accessStamp ?? '')) {
    if (confirmed.size >= maxConfirmed) confirmed.clear();
    confirmed.set(connectionId, now);
    return connection;
  }
  return resolveAgain(connection, stamp, now);
}

/** Resolves the connection's access from scratch and applies it (see the module comment). */
async function resolveAgain(connection: ConnectionRecord, stamp: string | undefined, now: number) {
  const { apiKey, organizationId, documentId, userId } = connection;
  const caller = await apiKeyCaller(apiKey);
  const close = async (code: 4403 | 4404, reason: string) => {
    confirmed.delete(connection.connectionId);
    await closeMembers(apiKey, organizationId, [connection], code, reason);
    return undefined;
  };
  if (!caller) return close(4403, 'The API key no longer exists.');
  // The fence of the incarnation the connection was made in, not the caller's current one.
  const fenceView = { erasing: caller.erasing, incarnations: connection.incarnations ?? {} };
  if (isFenced(fenceView, organizationId, documentId)) return close(4404, 'The document was deleted.');
  const entry = (await documentAccess(caller, connection, [userId], now)).get(userId);
  if (entry?.errorCode === 'does_not_exist') return close(4404, 'The document was deleted.');
  if (!entry || entry.error !== undefined) return close(4403, 'Access to the document was removed.');
  const fields = accessFields(entry, stamp, now);
  await updateConnection(connection.connectionId, fields, now);
  confirmed.set(connection.connectionId, now);
  return { ...connection, ...fields };
}
