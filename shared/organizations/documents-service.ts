import type * as z from 'zod/mini';
import { effectiveDocumentAccessType } from '../access-model/resolver';
import { nowMs } from '../core/clock';
import { invalidArgument, notFound } from '../core/errors';
import { incarnationEntry } from '../db/incarnations';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { mapInParallel, startedEarly } from '../db/parallel';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { deleteInBackground, recreateFenced } from '../lifecycle/service';
import { isFenced } from '../plugins/fence';
import type { DocumentRecordProbe } from '../plugins/mover';
import { closeDeletedDocuments, type DocumentsAccess, revalidateDocuments } from '../sockets/closing';
import { readTree, requireTree } from './organization-tree';
import type { ItemResult } from './organizations-service';
import {
  documentDelete,
  documentPut,
  findDocuments,
  listDocuments,
  loadTree,
  organizationCreateIfMissing,
  writeAll,
} from './repository';
import type { addDocumentsInput, DocumentRecord, deleteDocumentsInput, getDocumentsInput } from './schemas';
import { organizationTreeView } from './tree';

/**
 * Starts `documentAddition`'s reads by the API key and the input alone (a route's prefetch): the tree's
 * first Query page and the named documents, together.
 */
export const readDocumentAddition = (apiKey: string, input: z.output<typeof addDocumentsInput>) => ({
  tree: readTree(apiKey, input),
  existing: startedEarly(
    findDocuments(
      apiKey,
      input.organizationId,
      input.documents.map((document) => document.documentId),
    ),
  ),
});

/**
 * Adds documents, or updates existing ones (name, access type, and the folder when `folderId` is
 * given: adding moves a document into that folder). The folder must belong to the organization;
 * a missing organization is created. A document whose deleted data is still being erased is
 * created in its next incarnation (shared/db/incarnations.ts), empty while the job erases the old
 * one: the bump and the writes are one transaction (ABORTED when another request re-created it at
 * the same time). The open connections of documents whose folder or access type changed have their
 * access resolved again (closed or made read-only) by `documentsAccess` (the access domain's,
 * handed down by the composition root). `started` is `readDocumentAddition`'s, when already started.
 */
export const documentAddition = (documentsAccess: DocumentsAccess) =>
  prefetchable(readDocumentAddition, async (caller, input, started) => {
    const now = nowMs();
    const [stored, existing] = await Promise.all([
      loadTree(caller.apiKey, input.organizationId, started.tree),
      started.existing,
    ]);
    if (
      input.folderId !== undefined &&
      !stored.folders.some((folder) => folder.folderId === input.folderId)
    ) {
      throw invalidArgument(
        `folderId: folder ${input.folderId} does not exist in organization ${input.organizationId}`,
        {
          issues: [
            { path: 'folderId', message: `folder ${input.folderId} does not exist in this organization` },
          ],
        },
      );
    }
    const byId = new Map(existing.map((document) => [document.documentId, document]));
    const results: Record<string, ItemResult> = {};
    const documents = input.documents.map((item): DocumentRecord => {
      const current = byId.get(item.documentId);
      results[item.documentId] = {
        success: true,
        id: item.documentId,
        message: current ? 'Document updated.' : 'Document added.',
      };
      return {
        documentId: item.documentId,
        documentName: item.documentName ?? current?.documentName ?? item.documentId,
        organizationId: input.organizationId,
        folderId: input.folderId ?? current?.folderId,
        accessType: item.accessType ?? current?.accessType,
        disabled: current?.disabled ?? false,
        createdAt: current?.createdAt ?? now,
        lastUpdated: now,
      };
    });
    const writes = () => [
      ...(stored.organization ? [] : [organizationCreateIfMissing(caller.apiKey, input.organizationId, now)]),
      ...documents.map((document) => documentPut(caller.apiKey, document)),
    ];
    const fenced = new Set(
      documents
        .filter((document) => isFenced(caller, input.organizationId, document.documentId))
        .map((document) => incarnationEntry(input.organizationId, document.documentId)),
    );
    if (fenced.size === 0) await writeAll(writes());
    else await recreateFenced(caller, [...fenced], writes);
    // A moved or re-typed document's open connections hold the access they had (addendum §9).
    const changed = documents.filter((document) => {
      const current = byId.get(document.documentId);
      return (
        current && (current.folderId !== document.folderId || current.accessType !== document.accessType)
      );
    });
    await revalidateDocuments(
      documentsAccess,
      caller,
      input.organizationId,
      changed.map((document) => document.documentId),
    );
    return results;
  });

const documentsBinding = (apiKey: string, input: z.output<typeof getDocumentsInput>) => ({
  owner: `apiKey:${apiKey}`,
  query: { list: 'documents', organizationId: input.organizationId, folderId: input.folderId ?? null },
});

/** The documents `getDocuments` lists: the given ones (one BatchGet) or one page. */
async function documentsPage(apiKey: string, input: z.output<typeof getDocumentsInput>) {
  if (input.documentIds) {
    const found = await findDocuments(apiKey, input.organizationId, input.documentIds);
    const scoped = input.folderId === undefined ? found : found.filter((d) => d.folderId === input.folderId);
    return { documents: scoped, nextKey: undefined };
  }
  const startKey = input.pageToken
    ? decodePageToken(input.pageToken, documentsBinding(apiKey, input))
    : undefined;
  return listDocuments(apiKey, input.organizationId, input.pageSize, startKey, input.folderId);
}

/**
 * Starts `getDocuments`' reads by the API key and the input alone (a route's prefetch): the tree's
 * first Query page and the documents, together (a bad page token surfaces only after the tree checks).
 */
export const readDocuments = (apiKey: string, input: z.output<typeof getDocumentsInput>) => ({
  tree: readTree(apiKey, input),
  page: startedEarly(documentsPage(apiKey, input)),
});

/**
 * Given documents, or a page of the organization's documents (optionally of one folder). `started`
 * is `readDocuments`' reads, when already started.
 */
export const getDocuments = /* @__PURE__ */ prefetchable(readDocuments, async (caller, input, started) => {
  const { organization, folders } = await requireTree(caller.apiKey, input.organizationId, started.tree);
  if (input.folderId !== undefined && !folders.has(input.folderId)) {
    throw notFound(`Folder ${input.folderId} does not exist.`);
  }
  const tree = organizationTreeView(organization, folders);
  const view = (document: DocumentRecord) => ({
    id: document.documentId,
    documentName: document.documentName,
    ...(document.folderId !== undefined && { folderId: document.folderId }),
    accessType: effectiveDocumentAccessType(tree, document),
    disabled: document.disabled,
  });
  const page = await started.page;
  return {
    data: page.documents.map(view),
    pageToken: page.nextKey
      ? encodePageToken(page.nextKey, documentsBinding(caller.apiKey, input))
      : undefined,
  };
});

/** Starts `deleteDocuments`' read of the named documents by the API key and the input alone (a route's prefetch). */
export const readDocumentDeletion = (apiKey: string, input: z.output<typeof deleteDocumentsInput>) =>
  startedEarly(findDocuments(apiKey, input.organizationId, [...new Set(input.documentIds)]));

/** Ids without a document item checked for records at once by `deleteDocuments`. */
const recordChecks = 25;

/** Documents erased by one job: its transaction deletes their items besides the job and the fence. */
const documentsPerJob = 50;

/**
 * Deletes documents with everything stored under them (addendum §10): their items vanish in this
 * call and their ids are fenced, and an erasure job erases their records in the background (one
 * job per 50 documents). Records may exist under an id without a document item (activities,
 * notifications and CRDT content accept any document id), so such an id is erased too when
 * `holdsRecords` (every domain's check, handed down by the composition root) finds any; an id that
 * never had anything starts no job. An id that has no item is `success: true` with a
 * does-not-exist message. Ids still being erased are left alone.
 */
export const documentDeletion = (holdsRecords: DocumentRecordProbe) =>
  prefetchable(readDocumentDeletion, async (caller, input, started) => {
    const { organizationId } = input;
    const ids = [...new Set(input.documentIds)];
    const existing = new Set((await started).map((d) => d.documentId));
    const erasable = ids.filter((id) => !isFenced(caller, organizationId, id));
    const withRecords = await mapInParallel(
      erasable.filter((id) => !existing.has(id)),
      recordChecks,
      async (id) => ((await holdsRecords(caller.apiKey, organizationId, id)) ? id : undefined),
    );
    const found = new Set(withRecords);
    await eraseDocuments(
      caller,
      organizationId,
      erasable.filter((id) => existing.has(id) || found.has(id)),
    );
    return Object.fromEntries(
      input.documentIds.map((id): [string, ItemResult] => [
        id,
        { success: true, id, message: existing.has(id) ? 'Document deleted.' : 'Document does not exist.' },
      ]),
    );
  });

/** Deletes documents' items and erases their records in the background (see `deleteDocuments`). */
async function eraseDocuments(caller: ApiKeyCaller, organizationId: string, documentIds: readonly string[]) {
  await startDocumentErasure(caller, organizationId, documentIds);
  await closeDeletedDocumentsOf(caller, organizationId, documentIds);
}

/**
 * The first half of erasing documents: their items deleted and their ids fenced, with erasure jobs
 * started (one transaction per 50 documents, one after the other).
 */
export async function startDocumentErasure(
  caller: ApiKeyCaller,
  organizationId: string,
  documentIds: readonly string[],
) {
  for (let start = 0; start < documentIds.length; start += documentsPerJob) {
    const chunk = documentIds.slice(start, start + documentsPerJob);
    await deleteInBackground(
      caller.apiKey,
      'document',
      chunk.map((documentId) => ({ organizationId, documentId })),
      chunk.map((documentId) => documentDelete(caller.apiKey, organizationId, documentId)),
    );
  }
}

/**
 * The second half, once `startDocumentErasure` committed: connected clients of the deleted documents
 * learn at once (addendum §9; the jobs' realtime eraser closes any connection left and deletes its
 * items). Nothing for no documents.
 */
export async function closeDeletedDocumentsOf(
  caller: ApiKeyCaller,
  organizationId: string,
  documentIds: readonly string[],
) {
  if (documentIds.length > 0) await closeDeletedDocuments(caller.apiKey, organizationId, documentIds);
}
