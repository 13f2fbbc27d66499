import { nowMs } from '../core/clock';
import { withIncarnations } from '../db/incarnations';
import type { ApiKeyCaller } from '../http/caller';
import { listUserConnections, renewAccessStamps } from './access-repository';
import { closeMembers } from './broadcast';
import { listConnections, updateConnection } from './repository';
import { deleteLiveStates } from './room-items';
import type { RoomMember } from './schemas';

/**
 * The access of each (document, user) pair of one organization, in the order given (the access
 * domain's `documentsAccess`): the re-checks below take it from their caller, so this transport
 * stays below the domains that decide access. An entry with `error` has no access
 * (`does_not_exist`: the document is gone).
 */
export type DocumentsAccess = (
  caller: ApiKeyCaller,
  organizationId: string,
  pairs: readonly { documentId: string; userId: string }[],
  now: number,
) => Promise<
  readonly { error?: string; errorCode?: 'permission_denied' | 'does_not_exist'; accessRole?: string }[]
>;

/** Close code for a deleted document or organization (addendum §9); clients do not reconnect. */
export const deletedCloseCode = 4404;
/** Close code for a user whose access was removed (addendum §9). */
export const accessRemovedCloseCode = 4403;

/**
 * Called by document and organization deletion: renews the organization's access stamp (a message
 * in flight meets the erasure fence), closes every connection of the deleted documents (without
 * `documentIds`: of the whole organization) with 4404 and forgets their live state.
 * One PutItem, one Query per document (one for an organization), one post per connection.
 */
export async function closeDeletedDocuments(
  apiKey: string,
  organizationId: string,
  documentIds?: readonly string[],
): Promise<void> {
  await closeDocuments(apiKey, organizationId, documentIds, (what) => `The ${what} was deleted.`);
}

/**
 * Called when a migration starts: the source document's connections close with 4404 (its content
 * moves to `newDocumentId`, where clients connect again) and its live state is forgotten; the
 * organization's access stamp is renewed. A connection at the new id that opened while the access
 * entries were moving resolves its access again within the recheck window
 * (`REALTIME_ACCESS_RECHECK_SECONDS`), not at the job's completion.
 */
export async function closeMigratedDocument(
  apiKey: string,
  organizationId: string,
  documentId: string,
  newDocumentId: string,
): Promise<void> {
  await closeDocuments(apiKey, organizationId, [documentId], () => `The document moved to ${newDocumentId}.`);
}

async function closeDocuments(
  apiKey: string,
  organizationId: string,
  documentIds: readonly string[] | undefined,
  reason: (what: string) => string,
) {
  const scopes = documentIds === undefined ? [undefined] : documentIds;
  // The stamp beside the Queries: a connect that read the stamp before it is re-checked anyway.
  await Promise.all([
    renewAccessStamps(apiKey, [organizationId], nowMs()),
    ...scopes.map(async (documentId) => {
      const members = await listConnections(apiKey, { organizationId, documentId }, nowMs());
      const what = documentId === undefined ? 'organization' : 'document';
      await closeMembers(apiKey, organizationId, members, deletedCloseCode, reason(what));
      await deleteLiveStates(apiKey, organizationId, documentId);
    }),
  ]);
}

/**
 * Called after users' memberships, roles or grants change in an organization (users/add|update|
 * delete, permissions/add|remove): re-resolves the access of their connections (§4, provider
 * included, by `documentsAccess`); see `revalidate`.
 */
export async function revalidateConnections(
  documentsAccess: DocumentsAccess,
  caller: ApiKeyCaller,
  organizationId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await revalidate(documentsAccess, caller, organizationId, (member) => userIds.includes(member.userId));
}

/**
 * Called after documents' placement or access type changes (documents/add moving or re-typing
 * them: `documentIds`; folders/update: every document of the organization, as a folder's change
 * reaches its subtree): re-resolves the access of those documents' connections (by
 * `documentsAccess`); see `revalidate`.
 */
export async function revalidateDocuments(
  documentsAccess: DocumentsAccess,
  caller: ApiKeyCaller,
  organizationId: string,
  documentIds?: readonly string[],
): Promise<void> {
  if (documentIds?.length === 0) return;
  await revalidate(
    documentsAccess,
    caller,
    organizationId,
    (member) => !documentIds || documentIds.includes(member.documentId),
  );
}

/**
 * Renews the organization's access stamp, then re-resolves the access of the selected connections
 * of the organization: those without access are closed with 4403 (4404 when their document is
 * gone), those whose user became a viewer turn read-only (an editor's stay writable). One round
 * trip (the PutItem beside one Query of the organization's connections), then, only when some are
 * selected, one round of reads for all of them at once (the tree, one BatchGet of their documents
 * and users, one provider POST) and their closes and role updates.
 */
async function revalidate(
  documentsAccess: DocumentsAccess,
  caller: ApiKeyCaller,
  organizationId: string,
  selected: (member: RoomMember) => boolean,
): Promise<void> {
  const now = nowMs();
  // The stamp beside the Query: a connect that read the stamp before it is re-checked anyway.
  const [, listed] = await Promise.all([
    renewAccessStamps(caller.apiKey, [organizationId], now),
    listConnections(caller.apiKey, { organizationId }, now),
  ]);
  const members = listed.filter(selected);
  if (members.length === 0) return;
  const entries = await documentsAccess(caller, organizationId, members, now);
  const closing = (code: 4403 | 4404) =>
    members.filter((_, index) => {
      const entry = entries[index];
      if (entry?.error === undefined) return false;
      return (entry.errorCode === 'does_not_exist' ? deletedCloseCode : accessRemovedCloseCode) === code;
    });
  await Promise.all([
    closeMembers(caller.apiKey, organizationId, closing(4403), 4403, 'Access to the document was removed.'),
    closeMembers(caller.apiKey, organizationId, closing(4404), 4404, 'The document was deleted.'),
    ...members.map((member, index) => {
      const entry = entries[index];
      if (!entry || entry.error !== undefined) return undefined;
      const role = entry.accessRole === 'viewer' ? 'viewer' : 'editor';
      return updateConnection(member.connectionId, { role }, now);
    }),
  ]);
}

/**
 * Called by users/data/delete: closes the user's connections (4403) in the given organizations, or
 * in every organization of the API key, and renews those organizations' access stamps. One Query
 * of the user's connections (gsi4), one PutItem per organization, one close per connection.
 */
export async function closeUserConnections(
  apiKey: string,
  userId: string,
  organizationIds?: readonly string[],
): Promise<void> {
  const now = nowMs();
  const connections = (await listUserConnections(apiKey, userId, now)).filter(
    (connection) => !organizationIds || organizationIds.includes(connection.organizationId),
  );
  await renewAccessStamps(
    apiKey,
    [...(organizationIds ?? []), ...connections.map((c) => c.organizationId)],
    now,
  );
  await Promise.all(
    connections.map((connection) =>
      // Its room's keys are those of the incarnations it was made in.
      withIncarnations(connection.incarnations ?? {}, () =>
        closeMembers(apiKey, connection.organizationId, [connection], 4403, 'The user’s data was erased.'),
      ),
    ),
  );
}
