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
  const entries = await documentsAccess(
    caller,
    scope.organizationId,
    unique.map((userId) => ({ documentId: scope.documentId, userId })),
    now,
  );
  return new Map(unique.map((userId, index) => [userId, entries[index] as PermissionEntry]));
}

/**
 * The entry of each (document, user) pair of one organization, in the order given: like
 * `documentAccess`, with the same reads for any number of documents (the tree, one BatchGet of the
 * documents and users, one provider POST), so closing rules re-check a whole organization's
 * connections in one round of reads.
 */
export async function documentsAccess(
  caller: ApiKeyCaller,
  organizationId: string,
  pairs: readonly { documentId: string; userId: string }[],
  now: number,
): Promise<PermissionEntry[]> {
  if (pairs.length === 0) return [];
  const documentIds = [...new Set(pairs.map((pair) => pair.documentId))];
  const userIds = [...new Set(pairs.map((pair) => pair.userId))];
  const [provider, tree, found] = await Promise.all([
    providerFor(caller),
    loadTree(caller.apiKey, organizationId),
    findDocumentsAndUsers(caller.apiKey, organizationId, documentIds, userIds),
  ]);
  const documents = new Map(found.documents.map((document) => [document.documentId, document]));
  const missing = (documentId: string): PermissionEntry => ({
    error: `The document ${documentId} does not exist.`,
    errorCode: 'does_not_exist',
  });
  const { organization } = tree;
  if (!organization) return pairs.map((pair) => missing(pair.documentId));
  if (provider) {
    const resourceOf = (document: DocumentRecord) => ({
      id: document.documentId,
      type: 'document' as const,
      organizationId,
      ...(document.folderId && { parentFolderId: document.folderId }),
    });
    const asked = pairs.flatMap((pair) => {
      const document = documents.get(pair.documentId);
      return document ? [{ userId: pair.userId, resource: resourceOf(document) }] : [];
    });
    if (asked.length === 0) return pairs.map((pair) => missing(pair.documentId));
    const answer = await askProvider(provider, asked);
    return pairs.map((pair) => {
      const document = documents.get(pair.documentId);
      return document
        ? answer({ userId: pair.userId, resource: resourceOf(document) })
        : missing(pair.documentId);
    });
  }
  const organizationTree = organizationTreeView(organization, indexFolders(tree.folders));
  const users = new Map(found.users.map((user) => [user.profile.userId, user.access]));
  return pairs.map((pair) => {
    const document = documents.get(pair.documentId);
    if (!document) return missing(pair.documentId);
    return resolveResource(
      organizationTree,
      users.get(pair.userId) ?? noAccess(pair.userId),
      { type: 'document', document },
      now,
    );
  });
}

/** Whether an entry lets its user write to the document: access, and a role other than `viewer`. */
export const canWrite = (entry: PermissionEntry | undefined): boolean =>
  entry !== undefined && entry.error === undefined && entry.accessRole !== 'viewer';

/** Why a user may not write: the entry's error, or that viewers may only read. */
export function writeRefusal(userId: string, entry: PermissionEntry | undefined): string {
  if (entry?.error) return `User ${userId} may not write here: ${entry.error}`;
  return `User ${userId} is a viewer of this document and may not write to it.`;
}
