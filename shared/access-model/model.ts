/**
 * The vocabulary of access control (addendum §4): what the resolver reads about an organization's
 * resources and one user's memberships and grants, and what it answers. Pure types — the
 * repositories load these shapes, `resolver.ts` decides on them.
 */

export const accessTypes = ['public', 'organizationPrivate', 'restricted'] as const;
export type AccessType = (typeof accessTypes)[number];

export const accessRoles = ['editor', 'viewer'] as const;
export type AccessRole = (typeof accessRoles)[number];

/** The literal parent of top-level folders. */
export const rootFolderId = 'root';

/** A folder as the resolver needs it: its own settings and its ancestry (from `root` down to the parent). */
export interface FolderNode {
  readonly folderId: string;
  readonly parentFolderId: string;
  /** Ordered from `root` to the parent: `['root', 'a', 'b']` for a folder inside `b` inside `a`. */
  readonly ancestors: readonly string[];
  /** Set explicitly on the folder; absent when the folder inherits or defaults. */
  readonly accessType?: AccessType;
  readonly inheritAccessFromParent: boolean;
  /** Epoch ms; entries granted before it belong to an earlier folder of the same id and do not count. */
  readonly createdAt: number;
}

export interface DocumentNode {
  readonly documentId: string;
  readonly folderId?: string;
  /** Set explicitly on the document; absent when it inherits from its folder or defaults. */
  readonly accessType?: AccessType;
  readonly createdAt: number;
}

export interface OrganizationNode {
  readonly organizationId: string;
  readonly createdAt: number;
}

/** One membership or grant: the role it gives, when it was given, and when it stops counting. */
export interface AccessEntry {
  readonly accessRole: AccessRole;
  /** Epoch ms when the entry was written. */
  readonly since: number;
  /** Unix seconds; the entry stops counting the moment it passes (addendum §4 rule 4). */
  readonly expiresAt?: number;
}

/** A user's entries on one resource: membership (users/add) and explicit grant (permissions/add). */
export interface ResourceEntries {
  readonly membership?: AccessEntry;
  readonly grant?: AccessEntry;
}

/** A context grant: access fields the user holds (rule 5). */
export interface ContextGrant {
  readonly access: Readonly<Record<string, string | number>>;
  readonly since: number;
  readonly expiresAt?: number;
}

/** Everything one user holds within one organization. */
export interface UserAccess {
  readonly userId: string;
  readonly organization: ResourceEntries;
  readonly folders: Readonly<Record<string, ResourceEntries>>;
  readonly documents: Readonly<Record<string, ResourceEntries>>;
  readonly contexts: Readonly<Record<string, ContextGrant>>;
}

/** The organization's resources the resolver may consult: the organization and its folder tree. */
export interface OrganizationTree {
  readonly organization: OrganizationNode;
  readonly folders: ReadonlyMap<string, FolderNode>;
}

/** A permission entry of the base contract's permission lookup. */
export interface PermissionEntry {
  accessRole?: AccessRole;
  accessType?: AccessType;
  expiresAt?: number;
  error?: string;
  errorCode?: 'permission_denied' | 'does_not_exist';
}
