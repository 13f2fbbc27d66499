import type * as z from 'zod';
import { effectiveDocumentAccessType } from '../access/resolver';
import { decodePageToken, encodePageToken } from '../db/page-token';
import type { ApiKeyCaller } from '../http/caller';
import { nowMs } from '../http/common-schemas';
import { invalidArgument, notFound } from '../http/errors';
import { isFenced } from '../lifecycle/fence';
import { deleteInBackground } from '../lifecycle/service';
import { closeDeletedDocuments } from '../realtime/closing';
import { requireTree } from './organization-tree';
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
import { toOrganizationTree } from './tree';

/**
 * Adds documents, or updates existing ones (name, access type, and the folder when `folderId` is
 * given: adding moves a document into that folder). The folder must belong to the organization;
 * a missing organization is created.
 */
export async function addDocuments(caller: ApiKeyCaller, input: z.output<typeof addDocumentsInput>) {
  const now = nowMs();
  const ids = input.documents.map((document) => document.documentId);
  const [stored, existing] = await Promise.all([
    loadTree(caller.apiKey, input.organizationId),
    findDocuments(caller.apiKey, input.organizationId, ids),
  ]);
  if (input.folderId !== undefined && !stored.folders.some((folder) => folder.folderId === input.folderId)) {
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
  await writeAll([
    ...(stored.organization ? [] : [organizationCreateIfMissing(caller.apiKey, input.organizationId, now)]),
    ...documents.map((document) => documentPut(caller.apiKey, document)),
  ]);
  return results;
}

/** Given documents, or a page of the organization's documents (optionally of one folder). */
export async function getDocuments(caller: ApiKeyCaller, input: z.output<typeof getDocumentsInput>) {
  const { organization, folders } = await requireTree(caller.apiKey, input.organizationId);
  if (input.folderId !== undefined && !folders.has(input.folderId)) {
    throw notFound(`Folder ${input.folderId} does not exist.`);
  }
  const tree = toOrganizationTree(organization, folders);
  const view = (document: DocumentRecord) => ({
    id: document.documentId,
    documentName: document.documentName,
    ...(document.folderId !== undefined && { folderId: document.folderId }),
    accessType: effectiveDocumentAccessType(tree, document),
    disabled: document.disabled,
  });
  if (input.documentIds) {
    const found = await findDocuments(caller.apiKey, input.organizationId, input.documentIds);
    const scoped = input.folderId === undefined ? found : found.filter((d) => d.folderId === input.folderId);
    return { data: scoped.map(view), pageToken: undefined };
  }
  const binding = {
    owner: `apiKey:${caller.apiKey}`,
    query: { list: 'documents', organizationId: input.organizationId, folderId: input.folderId ?? null },
  };
  const startKey = input.pageToken ? decodePageToken(input.pageToken, binding) : undefined;
  const page = await listDocuments(
    caller.apiKey,
    input.organizationId,
    input.pageSize,
    startKey,
    input.folderId,
  );
  return {
    data: page.documents.map(view),
    pageToken: page.nextKey ? encodePageToken(page.nextKey, binding) : undefined,
  };
}

/** Documents erased by one job: its transaction deletes their items besides the job and the fence. */
const documentsPerJob = 50;

/**
 * Deletes documents with everything stored under them (addendum §10): their items vanish in this
 * call and their ids are fenced, and an erasure job erases their records in the background (one
 * job per 50 documents). Records may exist under an id without a document item (activities,
 * notifications and CRDT content accept any document id), so every id is erased; one that has no
 * item is `success: true` with a does-not-exist message. Ids still being erased are left alone.
 */
export async function deleteDocuments(caller: ApiKeyCaller, input: z.output<typeof deleteDocumentsInput>) {
  const { organizationId } = input;
  const ids = [...new Set(input.documentIds)];
  const existing = new Set(
    (await findDocuments(caller.apiKey, organizationId, ids)).map((d) => d.documentId),
  );
  await eraseDocuments(
    caller,
    organizationId,
    ids.filter((id) => !isFenced(caller, organizationId, id)),
  );
  return Object.fromEntries(
    input.documentIds.map((id): [string, ItemResult] => [
      id,
      { success: true, id, message: existing.has(id) ? 'Document deleted.' : 'Document does not exist.' },
    ]),
  );
}

/** Deletes documents' items and erases their records in the background (see `deleteDocuments`). */
export async function eraseDocuments(
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
    // Connected clients learn at once (addendum §9); the job's realtime eraser repeats it.
    await closeDeletedDocuments(caller.apiKey, organizationId, chunk);
  }
}
