import type { PermissionEntry } from '../access-model/model';
import { resolveResource } from '../access-model/resolver';
import type { ApiKeyCaller } from '../http/caller';
import { loadTree } from '../organizations/repository';
import type { DocumentRecord } from '../organizations/schemas';
import { indexFolders, organizationTreeView } from '../organizations/tree';
import { askProvider } from './provider';
import { providerFor } from './provider-config';
import { findDocumentsAndUsers, noAccess } from './repository';

/** What a document-access check answers per user. */
export type DocumentAccess = ReadonlyMap<string, PermissionEntry>;

/**
 * Each user's entry for one document (addendum §4): the permission provider's answer when it is
 * on (one POST for every user), else the access resolver over the organization's folder tree and the
 * users' memberships and grants. Reads, in parallel: the tree (one Query), the document and the
 * users (one BatchGet), and the provider config when the caller uses one. A missing document
 * denies everyone.
 */
export async function documentAccess(
  caller: ApiKeyCaller,
  scope: { organizationId: string; documentId: string },
  userIds: readonly string[],
  now: number,
): Promise<DocumentAccess> {
  const unique = [...new Set(userIds)];
  const [provider, tree, found] = await Promise.all([
    providerFor(caller),
    loadTree(caller.apiKey, scope.organizationId),
    findDocumentsAndUsers(caller.apiKey, scope.organizationId, [scope.documentId], unique),
  ]);
  const document: DocumentRecord | undefined = found.documents[0];
  if (!document || !tree.organization) {
    const missing: PermissionEntry = {
      error: `The document ${scope.documentId} does not exist.`,
      errorCode: 'does_not_exist',
    };
    return new Map(unique.map((userId) => [userId, missing]));
  }
  if (provider) {
    const resource = {
      id: document.documentId,
      type: 'document' as const,
      organizationId: scope.organizationId,
      ...(document.folderId && { parentFolderId: document.folderId }),
    };
    const answer = await askProvider(
      provider,
      unique.map((userId) => ({ userId, resource })),
    );
    return new Map(unique.map((userId) => [userId, answer({ userId, resource })]));
  }
  const organizationTree = organizationTreeView(tree.organization, indexFolders(tree.folders));
  const users = new Map(found.users.map((user) => [user.profile.userId, user.access]));
  return new Map(
    unique.map((userId) => [
      userId,
      resolveResource(
        organizationTree,
        users.get(userId) ?? noAccess(userId),
        { type: 'document', document },
        now,
      ),
    ]),
  );
}

/** Whether an entry lets its user write to the document: access, and a role other than `viewer`. */
export const canWrite = (entry: PermissionEntry | undefined): boolean =>
  entry !== undefined && entry.error === undefined && entry.accessRole !== 'viewer';

/** Why a user may not write: the entry's error, or that viewers may only read. */
export function writeRefusal(userId: string, entry: PermissionEntry | undefined): string {
  if (entry?.error) return `User ${userId} may not write here: ${entry.error}`;
  return `User ${userId} is a viewer of this document and may not write to it.`;
}
