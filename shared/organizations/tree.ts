import { type FolderNode, type OrganizationTree, rootFolderId } from '../access-model/model';
import type { FolderRecord, OrganizationRecord } from './schemas';

/**
 * Folder-tree arithmetic on stored folders. `parentFolderId` is the source of truth; `ancestors`
 * is derived from it here, so a folder move that was interrupted half-way can never make the
 * resolver or a listing see an inconsistent path.
 */

/** Ancestors of a folder from `root` down to its parent, following parent links (cycle-safe). */
export function ancestorsOf(
  folderId: string,
  byId: ReadonlyMap<string, Pick<FolderRecord, 'parentFolderId'>>,
): string[] {
  const chain: string[] = [];
  const seen = new Set([folderId]);
  let parent = byId.get(folderId)?.parentFolderId;
  while (parent && parent !== rootFolderId && !seen.has(parent) && byId.has(parent)) {
    chain.unshift(parent);
    seen.add(parent);
    parent = byId.get(parent)?.parentFolderId;
  }
  return [rootFolderId, ...chain];
}

/** Folders by id, with ancestors recomputed from parent links. */
export function indexFolders(folders: readonly FolderRecord[]): Map<string, FolderRecord> {
  const byId = new Map(folders.map((folder) => [folder.folderId, folder]));
  return new Map(
    folders.map((folder) => [folder.folderId, { ...folder, ancestors: ancestorsOf(folder.folderId, byId) }]),
  );
}

/** The resolver's view of an organization. */
export function organizationTreeView(
  organization: OrganizationRecord,
  folders: ReadonlyMap<string, FolderRecord>,
): OrganizationTree {
  const nodes = new Map<string, FolderNode>(
    [...folders.values()].map((folder) => [
      folder.folderId,
      {
        folderId: folder.folderId,
        parentFolderId: folder.parentFolderId,
        ancestors: folder.ancestors,
        accessType: folder.accessType,
        inheritAccessFromParent: folder.inheritAccessFromParent,
        createdAt: folder.createdAt,
      },
    ]),
  );
  return {
    organization: { organizationId: organization.organizationId, createdAt: organization.createdAt },
    folders: nodes,
  };
}

/** A folder and all its descendants (ids). */
export function subtreeOf(folderId: string, folders: ReadonlyMap<string, FolderRecord>): Set<string> {
  const ids = new Set<string>([folderId]);
  for (const folder of folders.values()) {
    if (folder.ancestors.includes(folderId)) ids.add(folder.folderId);
  }
  return ids;
}

/** Children of each folder id (`root` for top-level folders), in folder-id order. */
export function childrenByParent(folders: ReadonlyMap<string, FolderRecord>): Map<string, FolderRecord[]> {
  const children = new Map<string, FolderRecord[]>();
  for (const folder of [...folders.values()].sort((a, b) => a.folderId.localeCompare(b.folderId))) {
    const siblings = children.get(folder.parentFolderId) ?? [];
    siblings.push(folder);
    children.set(folder.parentFolderId, siblings);
  }
  return children;
}
