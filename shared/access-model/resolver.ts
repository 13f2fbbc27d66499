/**
 * The access resolver (addendum §4 rules 1–5): pure decisions over an organization's folder tree and
 * one user's memberships and grants. Every access check in the service goes through these functions
 * (the permission provider of rule 7 replaces them when enabled; the caller makes that switch).
 * The rules are written as a decision table in `docs/access-control.md`.
 */
import {
  type AccessEntry,
  type AccessRole,
  type AccessType,
  type DocumentNode,
  type FolderNode,
  type OrganizationTree,
  type PermissionEntry,
  type ResourceEntries,
  rootFolderId,
  type UserAccess,
} from './model';

/** A folder or document whose access is being resolved. */
export type AccessResource =
  | { readonly type: 'folder'; readonly folder: FolderNode }
  | { readonly type: 'document'; readonly document: DocumentNode };

const defaultAccessType: AccessType = 'public';
/** The role of a user who has access but holds no counting entry anywhere (rule 3). */
const defaultAccessRole: AccessRole = 'editor';

/**
 * The effective access type of a folder (rule 1): its own `accessType` if set; otherwise its
 * parent's effective type when `inheritAccessFromParent` is true; otherwise `public`. Top-level
 * folders (parent `root`) and folders whose parent is missing from the tree fall back to `public`.
 * A folder missing from the tree is `public` too. Never throws.
 */
export function effectiveFolderAccessType(tree: OrganizationTree, folderId: string): AccessType {
  return folderAccessType(tree, tree.folders.get(folderId));
}

/**
 * The effective access type of a document (rule 1): its own `accessType` if set, otherwise its
 * folder's effective type, otherwise `public`.
 */
export function effectiveDocumentAccessType(tree: OrganizationTree, document: DocumentNode): AccessType {
  if (document.accessType) return document.accessType;
  return document.folderId === undefined
    ? defaultAccessType
    : effectiveFolderAccessType(tree, document.folderId);
}

/**
 * One user's permission entry for a folder or document (rule 3). The most specific counting entry
 * decides the role — the resource itself, then its folders nearest first, then the organization —
 * and at one level a grant beats a membership. Denied entries carry `errorCode: 'permission_denied'`
 * and the effective `accessType`. `nowMs` is epoch ms; expiry compares against it (rule 4).
 */
export function resolveResource(
  tree: OrganizationTree,
  user: UserAccess,
  resource: AccessResource,
  nowMs: number,
): PermissionEntry {
  const target =
    resource.type === 'folder'
      ? {
          label: `folder "${resource.folder.folderId}"`,
          accessType: folderAccessType(tree, resource.folder),
          own: decidingEntry(ownEntries(user.folders, resource.folder.folderId), resource.folder, nowMs),
          folderIds: [...resource.folder.ancestors].reverse(),
        }
      : {
          label: `document "${resource.document.documentId}"`,
          accessType: effectiveDocumentAccessType(tree, resource.document),
          own: decidingEntry(
            ownEntries(user.documents, resource.document.documentId),
            resource.document,
            nowMs,
          ),
          folderIds: documentFolderIds(tree, resource.document),
        };

  // The resource's own entry is more specific than any folder's; only then walk up.
  const resourceEntry = target.own ?? nearestFolderEntry(tree, user, target.folderIds, nowMs);
  const organizationEntry = decidingEntry(user.organization, tree.organization, nowMs);
  const { accessType } = target;

  const hasAccess =
    accessType === 'public' ||
    resourceEntry !== undefined ||
    (accessType === 'organizationPrivate' && organizationEntry !== undefined);
  if (!hasAccess) {
    const reason =
      accessType === 'organizationPrivate'
        ? 'the user is not an organization member and holds'
        : 'the user holds';
    return {
      error: `Access denied: the ${target.label} is ${accessType} and ${reason} no current membership or grant on it or on a folder above it.`,
      errorCode: 'permission_denied',
      accessType,
    };
  }
  return granted(resourceEntry ?? organizationEntry, accessType);
}

/**
 * One user's organization entry (rule 3): members (a counting organization membership or grant,
 * grant first) get their role with `accessType: 'organizationPrivate'`; everyone else is denied.
 */
export function resolveOrganization(
  tree: OrganizationTree,
  user: UserAccess,
  nowMs: number,
): PermissionEntry {
  const entry = decidingEntry(user.organization, tree.organization, nowMs);
  if (entry) return granted(entry, 'organizationPrivate');
  return {
    error: `Access denied: the user is not a member of organization "${tree.organization.organizationId}".`,
    errorCode: 'permission_denied',
    accessType: 'organizationPrivate',
  };
}

/**
 * The user's context access fields (rule 5) as `<field>:<value>` strings, from context grants that
 * have not expired; deduplicated and sorted so that lookups are deterministic.
 */
export function contextAccessFields(user: UserAccess, nowMs: number): string[] {
  const fields = new Set<string>();
  for (const grant of Object.values(user.contexts)) {
    if (!isLive(grant.expiresAt, nowMs)) continue;
    for (const [field, value] of Object.entries(grant.access)) fields.add(`${field}:${value}`);
  }
  return [...fields].sort();
}

/**
 * Whether the user holds every field:value of a notification's `context.access` through a live
 * context grant (rule 5). Values compare as strings, as they surface in `accessFields`. Compared
 * field by field rather than on joined strings, so a `:` inside a field name cannot forge a match.
 * An empty `requiredAccess` requires nothing and matches every user.
 */
export function contextMatches(
  user: UserAccess,
  requiredAccess: Readonly<Record<string, string | number>>,
  nowMs: number,
): boolean {
  const live = Object.values(user.contexts).filter((grant) => isLive(grant.expiresAt, nowMs));
  return Object.entries(requiredAccess).every(([field, value]) =>
    live.some((grant) => Object.hasOwn(grant.access, field) && String(grant.access[field]) === String(value)),
  );
}

function folderAccessType(tree: OrganizationTree, start: FolderNode | undefined): AccessType {
  // Walk up while folders inherit; `seen` keeps a corrupt (cyclic) tree from looping forever.
  const seen = new Set<string>();
  for (let node = start; node && !seen.has(node.folderId); ) {
    if (node.accessType) return node.accessType;
    if (!node.inheritAccessFromParent || node.parentFolderId === rootFolderId) break;
    seen.add(node.folderId);
    node = tree.folders.get(node.parentFolderId);
  }
  return defaultAccessType;
}

/** The folders whose entries cover a document, nearest first: its folder, then that folder's ancestors. */
function documentFolderIds(tree: OrganizationTree, document: DocumentNode): string[] {
  const folder = document.folderId === undefined ? undefined : tree.folders.get(document.folderId);
  // A folder missing from the tree is absent: it covers nothing and we cannot know its ancestors.
  return folder ? [folder.folderId, ...[...folder.ancestors].reverse()] : [];
}

function nearestFolderEntry(
  tree: OrganizationTree,
  user: UserAccess,
  folderIds: readonly string[],
  nowMs: number,
): AccessEntry | undefined {
  for (const folderId of folderIds) {
    const folder = folderId === rootFolderId ? undefined : tree.folders.get(folderId);
    // A missing ancestor is absent: without its createdAt its entries cannot be shown to be current.
    const entry = folder && decidingEntry(ownEntries(user.folders, folderId), folder, nowMs);
    if (entry) return entry;
  }
  return undefined;
}

/** Looks up caller-chosen ids without reaching into the prototype (`constructor`, `__proto__`). */
function ownEntries(
  entries: Readonly<Record<string, ResourceEntries>>,
  id: string,
): ResourceEntries | undefined {
  return Object.hasOwn(entries, id) ? entries[id] : undefined;
}

/** The entry that decides at one level: a counting grant beats a counting membership. */
function decidingEntry(
  entries: ResourceEntries | undefined,
  resource: { readonly createdAt: number },
  nowMs: number,
): AccessEntry | undefined {
  if (counts(entries?.grant, resource.createdAt, nowMs)) return entries?.grant;
  if (counts(entries?.membership, resource.createdAt, nowMs)) return entries?.membership;
  return undefined;
}

/**
 * An entry counts while it is live and current: one given before the resource was created belongs
 * to an earlier resource of the same id (deleted and re-created) and must not leak onto the new one.
 */
function counts(entry: AccessEntry | undefined, createdAt: number, nowMs: number): boolean {
  return entry !== undefined && entry.since >= createdAt && isLive(entry.expiresAt, nowMs);
}

/** `expiresAt` is Unix seconds; the entry stops counting at that instant, not after it (rule 4). */
function isLive(expiresAt: number | undefined, nowMs: number): boolean {
  return expiresAt === undefined || expiresAt * 1000 > nowMs;
}

function granted(entry: AccessEntry | undefined, accessType: AccessType): PermissionEntry {
  const result: PermissionEntry = { accessRole: entry?.accessRole ?? defaultAccessRole, accessType };
  if (entry?.expiresAt !== undefined) result.expiresAt = entry.expiresAt;
  return result;
}
