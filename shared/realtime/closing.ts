import { documentAccess } from '../access/document-access';
import { nowMs } from '../core/clock';
import type { ApiKeyCaller } from '../http/caller';
import { closeMembers } from './broadcast';
import { deleteLiveStates } from './live-state-repository';
import { listConnections, updateConnection } from './repository';
import type { RoomMember } from './schemas';

/** Close code for a deleted document or organization (addendum §9); clients do not reconnect. */
export const deletedCloseCode = 4404;
/** Close code for a user whose access was removed (addendum §9). */
export const accessRemovedCloseCode = 4403;

/**
 * Called by document and organization deletion: closes every connection of the deleted documents
 * (without `documentIds`: of the whole organization) with 4404 and forgets their live state.
 * One Query per document (one for an organization), one post per connection.
 */
export async function closeDeletedDocuments(
  apiKey: string,
  organizationId: string,
  documentIds?: readonly string[],
): Promise<void> {
  const scopes = documentIds === undefined ? [undefined] : documentIds;
  await Promise.all(
    scopes.map(async (documentId) => {
      const members = await listConnections(apiKey, { organizationId, documentId }, nowMs());
      const what = documentId === undefined ? 'organization' : 'document';
      await closeMembers(apiKey, organizationId, members, deletedCloseCode, `The ${what} was deleted.`);
      await deleteLiveStates(apiKey, organizationId, documentId);
    }),
  );
}

/**
 * Called after users' memberships, roles or grants change in an organization (users/update,
 * users/delete, permissions/remove): re-resolves the access of
 * their connections (§4, provider included) per document; connections without access are closed
 * with 4403, and connections whose user became a viewer turn read-only (an editor's stay writable).
 * One Query of the organization's connections, one access check per document with such users.
 */
export async function revalidateConnections(
  caller: ApiKeyCaller,
  organizationId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const now = nowMs();
  const affected = (await listConnections(caller.apiKey, { organizationId }, now)).filter((member) =>
    userIds.includes(member.userId),
  );
  const byDocument = new Map<string, RoomMember[]>();
  for (const member of affected)
    byDocument.set(member.documentId, [...(byDocument.get(member.documentId) ?? []), member]);
  await Promise.all(
    [...byDocument].map(async ([documentId, members]) => {
      const access = await documentAccess(
        caller,
        { organizationId, documentId },
        members.map((m) => m.userId),
        now,
      );
      const denied = members.filter((member) => access.get(member.userId)?.error !== undefined);
      await closeMembers(
        caller.apiKey,
        organizationId,
        denied,
        accessRemovedCloseCode,
        'Access to the document was removed.',
      );
      await Promise.all(
        members
          .filter((member) => !denied.includes(member))
          .map((member) =>
            updateConnection(
              member.connectionId,
              { role: access.get(member.userId)?.accessRole === 'viewer' ? 'viewer' : 'editor' },
              now,
            ),
          ),
      );
    }),
  );
}
