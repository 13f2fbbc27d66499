import type * as z from 'zod/mini';
import type { FolderNode, OrganizationTree, PermissionEntry, UserAccess } from '../access-model/model';
import {
  contextAccessFields,
  effectiveDocumentAccessType,
  effectiveFolderAccessType,
  resolveOrganization,
  resolveResource,
} from '../access-model/resolver';
import { nowMs } from '../core/clock';
import { notFound } from '../core/errors';
import { startedEarly } from '../db/parallel';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { findResources, loadTree, startTreeRead } from '../organizations/repository';
import type { DocumentRecord, FolderRecord } from '../organizations/schemas';
import { indexFolders, organizationTreeView } from '../organizations/tree';
import { revalidateConnections } from '../sockets/closing';
import { documentsAccess } from './document-access';
import { askProvider, type ProviderConfig, type ProviderRequest } from './provider';
import { providerFor } from './provider-config';
import {
  entryAttribute,
  findDocumentsAndUsers,
  noAccess,
  removeUserAttributes,
  writeUserChanges,
} from './repository';
import type {
  addPermissionsInput,
  GrantedResource,
  getPermissionsInput,
  removePermissionsInput,
} from './schemas';

/** Per user: `organization`, `folders`, `documents` maps and `context.accessFields` (base #1). */
export type UserPermissions = {
  organization: Record<string, PermissionEntry>;
  folders?: Record<string, PermissionEntry>;
  documents?: Record<string, PermissionEntry>;
  context?: { accessFields: string[] };
};

const doesNotExist = (kind: string, id: string): PermissionEntry => ({
  error: `The ${kind} ${id} does not exist.`,
  errorCode: 'does_not_exist',
});

interface LookupScope {
  tree: OrganizationTree;
  folders: ReadonlyMap<string, FolderRecord>;
  documents: ReadonlyMap<string, DocumentRecord>;
  folderIds: readonly string[];
  documentIds: readonly string[];
}

/** Decides one user's entry for each kind of resource; the lookup assembles the contract's shape. */
interface Decider {
  organization(userId: string): PermissionEntry;
  folder(userId: string, folder: FolderRecord): PermissionEntry;
  document(userId: string, document: DocumentRecord): PermissionEntry;
  contextFields(userId: string): string[];
}

/** One user's result: the organization entry, requested folders and documents, context fields. */
function permissionsOf(scope: LookupScope, userId: string, decide: Decider): UserPermissions {
  const result: UserPermissions = {
    organization: { [scope.tree.organization.organizationId]: decide.organization(userId) },
  };
  if (scope.folderIds.length > 0) {
    result.folders = Object.fromEntries(
      scope.folderIds.map((id) => {
        const folder = scope.folders.get(id);
        return [id, folder ? decide.folder(userId, folder) : doesNotExist('folder', id)];
      }),
    );
  }
  if (scope.documentIds.length > 0) {
    result.documents = Object.fromEntries(
      scope.documentIds.map((id) => {
        const document = scope.documents.get(id);
        return [id, document ? decide.document(userId, document) : doesNotExist('document', id)];
      }),
    );
  }
  const accessFields = decide.contextFields(userId);
  if (accessFields.length > 0) result.context = { accessFields };
  return result;
}

/** The local rules (addendum §4 rules 1–6), through the resolver. */
function localDecider(scope: LookupScope, accessById: ReadonlyMap<string, UserAccess>, now: number): Decider {
  const { tree } = scope;
  const userOf = (userId: string) => accessById.get(userId) ?? noAccess(userId);
  return {
    organization: (userId) => resolveOrganization(tree, userOf(userId), now),
    folder: (userId, folder) => {
      const node = tree.folders.get(folder.folderId) as FolderNode;
      return resolveResource(tree, userOf(userId), { type: 'folder', folder: node }, now);
    },
    document: (userId, document) =>
      resolveResource(tree, userOf(userId), { type: 'document', document }, now),
    contextFields: (userId) => contextAccessFields(userOf(userId), now),
  };
}

/**
 * The permission provider (rule 7), asked once for every pair; existence and the reported access
 * types stay local. Context fields are the provider's business, so none are reported.
 */
async function providerDecider(scope: LookupScope, userIds: readonly string[], config: ProviderConfig) {
  const { tree } = scope;
  const organizationId = tree.organization.organizationId;
  const organizationRequest = (userId: string): ProviderRequest => ({
    userId,
    resource: { id: organizationId, type: 'organization', organizationId },
  });
  const folderRequest = (userId: string, folder: FolderRecord): ProviderRequest => ({
    userId,
    resource: { id: folder.folderId, type: 'folder', organizationId, parentFolderId: folder.parentFolderId },
  });
  const documentRequest = (userId: string, document: DocumentRecord): ProviderRequest => ({
    userId,
    resource: {
      id: document.documentId,
      type: 'document',
      organizationId,
      ...(document.folderId && { parentFolderId: document.folderId }),
    },
  });
  const present = <T>(ids: readonly string[], byId: ReadonlyMap<string, T>) =>
    ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as T] : []));
  const answer = await askProvider(
    config,
    userIds.flatMap((userId) => [
      organizationRequest(userId),
      ...present(scope.folderIds, scope.folders).map((folder) => folderRequest(userId, folder)),
      ...present(scope.documentIds, scope.documents).map((document) => documentRequest(userId, document)),
    ]),
  );
  return {
    organization: (userId) => ({ ...answer(organizationRequest(userId)), accessType: 'organizationPrivate' }),
    folder: (userId, folder) => ({
      ...answer(folderRequest(userId, folder)),
      accessType: effectiveFolderAccessType(tree, folder.folderId),
    }),
    document: (userId, document) => ({
      ...answer(documentRequest(userId, document)),
      accessType: effectiveDocumentAccessType(tree, document),
    }),
    contextFields: () => [],
  } satisfies Decider;
}

/**
 * Starts `getPermissions`' reads by the API key and the input alone (a route's prefetch): the tree's
 * first Query page, and the documents and users.
 */
export const readPermissionScope = (apiKey: string, input: z.output<typeof getPermissionsInput>) => ({
  tree: startedEarly(startTreeRead(apiKey, input.organizationId)),
  documentsAndUsers: startedEarly(
    findDocumentsAndUsers(
      apiKey,
      input.organizationId,
      [...new Set(input.documentIds ?? [])],
      [...new Set(input.userIds)],
    ),
  ),
});

/**
 * Permission lookup (base #1): per user, entries for the organization and each requested folder
 * and document — by the local rules, or by the permission provider when it is on. Reads, in
 * parallel: the organization's tree (one Query), the documents and users (one BatchGet per 100
 * keys) and the provider config (one GetItem). A missing folder or document fails the whole call with NOT_FOUND whose `details`
 * hold the same per-user structure, the missing resource marked `does_not_exist`. `started` is
 * `readPermissionScope`'s reads, when already started; the provider config waits for auth, which
 * says whether the key uses a provider (so keys without one never read it).
 */
export const getPermissions = /* @__PURE__ */ prefetchable(
  readPermissionScope,
  async (caller, input, started) => {
    const now = nowMs();
    const userIds = [...new Set(input.userIds)];
    const folderIds = [...new Set(input.folderIds ?? [])];
    const documentIds = [...new Set(input.documentIds ?? [])];
    const [stored, { documents, users }, providerConfig] = await Promise.all([
      loadTree(caller.apiKey, input.organizationId, started.tree),
      started.documentsAndUsers,
      providerFor(caller),
    ]);
    if (!stored.organization) throw notFound(`Organization ${input.organizationId} does not exist.`);
    const folders = indexFolders(stored.folders);
    const scope: LookupScope = {
      tree: organizationTreeView(stored.organization, folders),
      folders,
      documents: new Map(documents.map((document) => [document.documentId, document])),
      folderIds,
      documentIds,
    };
    const accessById = new Map(users.map((user) => [user.profile.userId, user.access]));
    const decide = providerConfig
      ? await providerDecider(scope, userIds, providerConfig)
      : localDecider(scope, accessById, now);
    const result = Object.fromEntries(userIds.map((id) => [id, permissionsOf(scope, id, decide)]));
    const missingFolders = folderIds.filter((id) => !folders.has(id));
    const missingDocuments = documentIds.filter((id) => !scope.documents.has(id));
    if (missingFolders.length > 0 || missingDocuments.length > 0) {
      const names = [
        ...missingFolders.map((id) => `folder ${id}`),
        ...missingDocuments.map((id) => `document ${id}`),
      ];
      throw notFound(`The ${names.join(', ')} does not exist.`, result);
    }
    return result;
  },
);

/** The attribute and stored value of one granted resource. */
function grantOf(resource: GrantedResource, now: number): [string, unknown] {
  const expiry = resource.expiresAt !== undefined ? { expiresAt: resource.expiresAt } : {};
  if (resource.type === 'context') {
    return [
      entryAttribute('grant', 'context', resource.id),
      { access: resource.context?.access ?? {}, since: now, ...expiry },
    ];
  }
  return [
    entryAttribute('grant', resource.type, resource.id),
    { accessRole: resource.accessRole ?? 'editor', since: now, ...expiry },
  ];
}

/** Resources grouped by the organization they belong to (`Map.groupBy` needs Node 21). */
function byOrganizationOf<T extends { type: string; id: string; organizationId?: string }>(
  resources: readonly T[],
) {
  const groups = new Map<string, T[]>();
  for (const resource of resources) {
    const organizationId =
      resource.type === 'organization' ? resource.id : (resource.organizationId as string);
    groups.set(organizationId, [...(groups.get(organizationId) ?? []), resource]);
  }
  return groups;
}

/**
 * Starts `addPermissions`' existence reads by the API key and the input alone (a route's prefetch):
 * per organization named, one BatchGet of it and its named folders and documents.
 */
export const readGrantTargets = (apiKey: string, input: z.output<typeof addPermissionsInput>) =>
  new Map(
    [...byOrganizationOf(input.permissions.resources)].map(([organizationId, resources]) => [
      organizationId,
      startedEarly(
        findResources(apiKey, organizationId, {
          folderIds: resources.filter((r) => r.type === 'folder').map((r) => r.id),
          documentIds: resources.filter((r) => r.type === 'document').map((r) => r.id),
        }),
      ),
    ]),
  );

/**
 * Grants a user access to organizations, folders, documents and contexts (addendum §4). Every
 * named resource must exist (NOT_FOUND, nothing written); the grants then land in one transaction
 * per 100 organizations, one update per organization; then the user's open connections in those
 * organizations have their access resolved again. `started` is `readGrantTargets`' reads, when
 * already started.
 */
export const addPermissions = /* @__PURE__ */ prefetchable(
  readGrantTargets,
  async (caller, input, started) => {
    const now = nowMs();
    const byOrganization = byOrganizationOf(input.permissions.resources);
    await Promise.all(
      [...byOrganization].map(async ([organizationId, resources]) => {
        const found = await (started.get(organizationId) as ReturnType<typeof findResources>);
        const exists = (resource: GrantedResource) =>
          resource.type === 'folder'
            ? found.folders.some((folder) => folder.folderId === resource.id)
            : resource.type === 'document'
              ? found.documents.some((document) => document.documentId === resource.id)
              : true;
        if (!found.organization) throw notFound(`Organization ${organizationId} does not exist.`);
        const missing = resources.find((resource) => !exists(resource));
        if (missing)
          throw notFound(
            `The ${missing.type} ${missing.id} does not exist in organization ${organizationId}.`,
          );
      }),
    );
    for (const [organizationId, resources] of byOrganization) {
      await writeUserChanges(
        caller.apiKey,
        organizationId,
        [
          {
            userId: input.user.userId,
            set: Object.fromEntries(resources.map((resource) => grantOf(resource, now))),
          },
        ],
        now,
      );
    }
    // A grant can make an open connection's user a viewer (or an editor again): addendum §9.
    await Promise.all(
      [...byOrganization.keys()].map((org) =>
        revalidateConnections(documentsAccess, caller, org, [input.user.userId]),
      ),
    );
  },
);

/** Removes a user's explicit grants (memberships stay; users/delete removes those). */
export async function removePermissions(
  caller: ApiKeyCaller,
  input: z.output<typeof removePermissionsInput>,
) {
  const byOrganization = byOrganizationOf(input.permissions.resources);
  await Promise.all(
    [...byOrganization].map(([organizationId, resources]) =>
      removeUserAttributes(
        caller.apiKey,
        organizationId,
        input.userId,
        resources.map((resource) => entryAttribute('grant', resource.type, resource.id)),
      ),
    ),
  );
  await Promise.all(
    [...byOrganization.keys()].map((org) =>
      revalidateConnections(documentsAccess, caller, org, [input.userId]),
    ),
  );
}
