import type {
  AccessEntry,
  AccessRole,
  AccessType,
  ContextGrant,
  DocumentNode,
  FolderNode,
  OrganizationTree,
  ResourceEntries,
  UserAccess,
} from '../../../shared/access-model/model';

/** A fixed "now" for the unit tests: epoch ms on a whole second, so `expiresAt` seconds line up. */
export const nowMs = 1_700_000_000_000;
export const nowS = nowMs / 1000;
/** When the fixtures' resources were created (one day before now). */
export const createdAt = nowMs - 86_400_000;

export interface FolderSpec {
  readonly id: string;
  readonly parent?: string;
  readonly accessType?: AccessType;
  readonly inherit?: boolean;
  readonly createdAt?: number;
}

/**
 * Builds an organization tree from folder specs listed parents first; ancestors are derived from
 * the parents so that tests never spell them (and cannot get them wrong).
 */
export function buildTree(specs: readonly FolderSpec[], organizationCreatedAt = createdAt): OrganizationTree {
  const folders = new Map<string, FolderNode>();
  for (const spec of specs) {
    const parentFolderId = spec.parent ?? 'root';
    const parent = folders.get(parentFolderId);
    folders.set(spec.id, {
      folderId: spec.id,
      parentFolderId,
      ancestors: parent ? [...parent.ancestors, parent.folderId] : ['root'],
      accessType: spec.accessType,
      inheritAccessFromParent: spec.inherit ?? false,
      createdAt: spec.createdAt ?? createdAt,
    });
  }
  return { organization: { organizationId: 'org', createdAt: organizationCreatedAt }, folders };
}

export function folderOf(tree: OrganizationTree, id: string): FolderNode {
  const folder = tree.folders.get(id);
  if (!folder) throw new Error(`fixture folder ${id} is missing`);
  return folder;
}

export function doc(
  documentId: string,
  folderId?: string,
  accessType?: AccessType,
  at = createdAt,
): DocumentNode {
  return { documentId, folderId, accessType, createdAt: at };
}

/** An entry given just after the fixtures' resources were created. */
export function entry(accessRole: AccessRole, expiresAt?: number, since = createdAt + 1): AccessEntry {
  return { accessRole, since, expiresAt };
}

export interface UserSpec {
  readonly organization?: ResourceEntries;
  readonly folders?: Record<string, ResourceEntries>;
  readonly documents?: Record<string, ResourceEntries>;
  readonly contexts?: Record<string, ContextGrant>;
}

export function user(spec: UserSpec = {}): UserAccess {
  return {
    userId: 'u1',
    organization: spec.organization ?? {},
    folders: spec.folders ?? {},
    documents: spec.documents ?? {},
    contexts: spec.contexts ?? {},
  };
}
