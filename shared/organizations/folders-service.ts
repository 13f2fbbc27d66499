import type * as z from 'zod/mini';
import { rootFolderId } from '../access-model/model';
import { effectiveFolderAccessType } from '../access-model/resolver';
import { nowMs } from '../core/clock';
import { ApiError, invalidArgument, notFound } from '../core/errors';
import { startedEarly } from '../db/parallel';
import { cancellationReasons } from '../db/transactions';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { type DocumentsAccess, revalidateDocuments } from '../sockets/closing';
import { closeDeletedDocumentsOf, startDocumentErasure } from './documents-service';
import { readTree, requireTree, type StartedTreeRead } from './organization-tree';
import type { ItemResult } from './organizations-service';
import {
  deleteFolders,
  findDocumentIdsInFolders,
  folderCreate,
  folderReplace,
  loadTree,
  organizationCreateIfMissing,
  startDocumentPlacementsRead,
  writeAll,
} from './repository';
import type {
  addFoldersInput,
  deleteFolderInput,
  FolderRecord,
  getFoldersInput,
  updateFoldersInput,
} from './schemas';
import { missingUnlessCreated } from './targets';
import { ancestorsOf, childrenByParent, indexFolders, organizationTreeView, subtreeOf } from './tree';

/** Runs folder writes, turning a lost race with another writer into ABORTED (retry). */
async function writeFolders(items: Parameters<typeof writeAll>[0]): Promise<void> {
  try {
    await writeAll(items);
  } catch (error) {
    if (cancellationReasons(error)) {
      throw new ApiError(
        'ABORTED',
        'Folders changed concurrently; nothing was written by the failed part. Retry.',
      );
    }
    throw error;
  }
}

/**
 * Adds folders under `root` or under existing folders (or folders added earlier in the same call).
 * Existing folders and missing parents fail per item; the rest are written (one transaction per 100).
 * `tree` is `readTree`'s read, when already started (a route's prefetch).
 */
export const addFolders = /* @__PURE__ */ prefetchable(
  readTree,
  async (caller, input: z.output<typeof addFoldersInput>, tree) => {
    const now = nowMs();
    const stored = await loadTree(caller.apiKey, input.organizationId, tree);
    if (!stored.organization && !input.createOrganization) {
      throw missingUnlessCreated('Organization', input.organizationId);
    }
    const folders = indexFolders(stored.folders);
    const results: Record<string, ItemResult> = {};
    const created: FolderRecord[] = [];
    for (const item of input.folders) {
      const parentFolderId = item.parentFolderId ?? rootFolderId;
      const fail = (message: string) => {
        results[item.folderId] = { success: false, id: item.folderId, message };
      };
      if (folders.has(item.folderId)) fail(`Folder ${item.folderId} already exists.`);
      else if (parentFolderId !== rootFolderId && !folders.has(parentFolderId)) {
        fail(`Parent folder ${parentFolderId} does not exist.`);
      } else {
        const folder: FolderRecord = {
          folderId: item.folderId,
          folderName: item.folderName ?? item.folderId,
          organizationId: input.organizationId,
          parentFolderId,
          ancestors: [],
          accessType: item.accessType,
          inheritAccessFromParent: item.inheritAccessFromParent ?? false,
          createdAt: now,
          lastUpdated: now,
        };
        folders.set(folder.folderId, folder);
        folder.ancestors = ancestorsOf(folder.folderId, folders);
        created.push(folder);
        results[item.folderId] = { success: true, id: item.folderId, message: 'Folder added.' };
      }
    }
    await writeFolders([
      ...(stored.organization ? [] : [organizationCreateIfMissing(caller.apiKey, input.organizationId, now)]),
      ...created.map((folder) => folderCreate(caller.apiKey, folder)),
    ]);
    return results;
  },
);

/** The contract's Folder object (without `subFolders`). */
function folderView(apiKey: string, folder: FolderRecord, accessType: string) {
  return {
    folderId: folder.folderId,
    folderName: folder.folderName,
    organizationId: folder.organizationId,
    parentFolderId: folder.parentFolderId,
    apiKey,
    createdAt: folder.createdAt,
    lastUpdated: folder.lastUpdated,
    ancestors: folder.ancestors,
    accessType,
    inheritAccessFromParent: folder.inheritAccessFromParent,
  };
}

/**
 * Folders of an organization from one Query of its tree: a folder with its subfolders nested to
 * `maxDepth` (default 1: immediate children); without a folder, the top-level folders nested to
 * `maxDepth`, or every folder flat when no depth is asked for. `treeRead` is `readTree`'s, when
 * already started (a route's prefetch).
 */
export async function getFolders(
  caller: ApiKeyCaller,
  input: z.output<typeof getFoldersInput>,
  treeRead?: StartedTreeRead,
) {
  const { organization, folders } = await requireTree(caller.apiKey, input.organizationId, treeRead);
  const tree = organizationTreeView(organization, folders);
  const children = childrenByParent(folders);
  type FolderView = ReturnType<typeof folderView> & { subFolders?: FolderView[] };
  const nest = (folder: FolderRecord, depth: number): FolderView => {
    const view: FolderView = folderView(
      caller.apiKey,
      folder,
      effectiveFolderAccessType(tree, folder.folderId),
    );
    const below = depth > 0 ? (children.get(folder.folderId) ?? []) : [];
    if (below.length > 0) view.subFolders = below.map((child) => nest(child, depth - 1));
    return view;
  };
  if (input.folderId !== undefined) {
    const folder = folders.get(input.folderId);
    if (!folder) throw notFound(`Folder ${input.folderId} does not exist.`);
    return [nest(folder, input.maxDepth ?? 1)];
  }
  if (input.maxDepth !== undefined) {
    return (children.get(rootFolderId) ?? []).map((folder) => nest(folder, input.maxDepth ?? 0));
  }
  return [...folders.values()]
    .sort((a, b) => a.ancestors.length - b.ancestors.length || a.folderId.localeCompare(b.folderId))
    .map((folder) => nest(folder, 0));
}

function sameFolder(a: FolderRecord, b: FolderRecord): boolean {
  return (
    a.folderName === b.folderName &&
    a.parentFolderId === b.parentFolderId &&
    a.accessType === b.accessType &&
    a.inheritAccessFromParent === b.inheritAccessFromParent &&
    a.ancestors.join('/') === b.ancestors.join('/')
  );
}

/**
 * Renames, re-types and moves folders. A move carries the whole subtree (descendants' ancestors
 * follow; documents follow through their folder). A move into the folder's own subtree is
 * INVALID_ARGUMENT and nothing is written; a missing folder or parent fails per item. Each changed
 * folder is written only if unchanged since it was read; when a move or an access change was
 * written, the organization's open connections have their access resolved again by
 * `documentsAccess` (the access domain's, handed down by the composition root). `tree` is
 * `readTree`'s read, when already started (a route's prefetch).
 */
export async function updateFolders(
  documentsAccess: DocumentsAccess,
  caller: ApiKeyCaller,
  input: z.output<typeof updateFoldersInput>,
  tree?: StartedTreeRead,
) {
  const now = nowMs();
  const { folders } = await requireTree(caller.apiKey, input.organizationId, tree);
  const working = new Map([...folders].map(([id, folder]) => [id, { ...folder }]));
  const results: Record<string, ItemResult> = {};
  input.folders.forEach((item, index) => {
    const folder = working.get(item.folderId);
    const parentFolderId = item.parentFolderId;
    if (!folder) {
      results[item.folderId] = {
        success: false,
        id: item.folderId,
        message: `Folder ${item.folderId} does not exist.`,
      };
      return;
    }
    if (parentFolderId !== undefined && parentFolderId !== rootFolderId) {
      if (!working.has(parentFolderId)) {
        results[item.folderId] = {
          success: false,
          id: item.folderId,
          message: `Parent folder ${parentFolderId} does not exist.`,
        };
        return;
      }
      const current = indexFolders([...working.values()]);
      if (subtreeOf(item.folderId, current).has(parentFolderId)) {
        throw invalidArgument(
          `folders[${index}].parentFolderId: folder ${item.folderId} cannot move into its own subtree (${parentFolderId}).`,
          {
            issues: [
              { path: `folders[${index}].parentFolderId`, message: 'would make the folder its own ancestor' },
            ],
          },
        );
      }
    }
    Object.assign(folder, {
      ...(item.folderName !== undefined && { folderName: item.folderName }),
      ...(parentFolderId !== undefined && { parentFolderId }),
      ...(item.accessType !== undefined && { accessType: item.accessType }),
      ...(item.inheritAccessFromParent !== undefined && {
        inheritAccessFromParent: item.inheritAccessFromParent,
      }),
    });
    results[item.folderId] = { success: true, id: item.folderId, message: 'Folder updated.' };
  });
  const updated = indexFolders([...working.values()]);
  const changed = [...updated.values()].filter(
    (folder) => !sameFolder(folder, folders.get(folder.folderId)!),
  );
  await writeFolders(
    changed.map((folder) =>
      folderReplace(
        caller.apiKey,
        { ...folder, lastUpdated: now },
        folders.get(folder.folderId)!.lastUpdated,
      ),
    ),
  );
  // A folder's move or access change reaches every document below it: the organization's open
  // connections have their access resolved again (names alone change nobody's access).
  const reachesAccess = changed.some((folder) => {
    const before = folders.get(folder.folderId)!;
    return (
      before.parentFolderId !== folder.parentFolderId ||
      before.accessType !== folder.accessType ||
      before.inheritAccessFromParent !== folder.inheritAccessFromParent
    );
  });
  if (reachesAccess) await revalidateDocuments(documentsAccess, caller, input.organizationId);
  return results;
}

/**
 * Starts `deleteFolder`'s reads by the API key and the input alone (a route's prefetch): the tree's
 * and the document placements' first Query pages, together.
 */
export const readFolderDeletion = (apiKey: string, input: z.output<typeof deleteFolderInput>) => ({
  tree: readTree(apiKey, input),
  placements: startedEarly(startDocumentPlacementsRead(apiKey, input.organizationId)),
});

/**
 * Deletes a folder, its subfolders and their documents: documents first (with everything stored
 * under them, erased in the background like documents.delete), then folders deepest first, so an
 * interrupted delete leaves a consistent tree and can be repeated. Closing the deleted documents'
 * connections runs beside the folder deletes. `started` is `readFolderDeletion`'s, when already started.
 */
export const deleteFolder = /* @__PURE__ */ prefetchable(
  readFolderDeletion,
  async (caller, input, started) => {
    const { folders } = await requireTree(caller.apiKey, input.organizationId, started.tree);
    if (!folders.has(input.folderId)) throw notFound(`Folder ${input.folderId} does not exist.`);
    const subtree = subtreeOf(input.folderId, folders);
    const documentIds = await findDocumentIdsInFolders(
      caller.apiKey,
      input.organizationId,
      subtree,
      started.placements,
    );
    const deepestFirst = [...subtree].sort(
      (a, b) => (folders.get(b)?.ancestors.length ?? 0) - (folders.get(a)?.ancestors.length ?? 0),
    );
    await startDocumentErasure(caller, input.organizationId, documentIds);
    await Promise.all([
      closeDeletedDocumentsOf(caller, input.organizationId, documentIds),
      deleteFolders(caller.apiKey, input.organizationId, deepestFirst),
    ]);
  },
);
