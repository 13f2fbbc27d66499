import { rootFolderId } from '../access-model/model';
import { notFound } from '../core/errors';
import type { TransactItem } from '../db/batch';
import { startedEarly } from '../db/parallel';
import {
  documentPut,
  findResources,
  folderCreate,
  organizationCreateIfMissing,
  writeAll,
} from './repository';
import type { DocumentRecord, FolderRecord } from './schemas';

/** The resource a membership is given on: the organization, or one folder or document in it. */
export interface MembershipTarget {
  organizationId: string;
  folderId?: string;
  documentId?: string;
  createFolder?: boolean;
  createDocument?: boolean;
}

/**
 * The NOT_FOUND of a missing organization, folder or document that a write may create on request:
 * it names the flag (`createOrganization`, `createFolder`, `createDocument`) that would have created it.
 */
export const missingUnlessCreated = (kind: 'Organization' | 'Folder' | 'Document', id: string) =>
  notFound(`${kind} ${id} does not exist; send create${kind}: true to create it.`);

/** A folder created on request by a write that names it: at the top level, named by its id. */
const implicitFolder = (organizationId: string, folderId: string, now: number): FolderRecord => ({
  folderId,
  folderName: folderId,
  organizationId,
  parentFolderId: rootFolderId,
  ancestors: [rootFolderId],
  inheritAccessFromParent: false,
  createdAt: now,
  lastUpdated: now,
});

/** A document created on request by a write that names it: named by its id, not in a folder. */
const implicitDocument = (organizationId: string, documentId: string, now: number): DocumentRecord => ({
  documentId,
  documentName: documentId,
  organizationId,
  disabled: false,
  createdAt: now,
  lastUpdated: now,
});

/** Starts `prepareTarget`'s read by the API key and the target alone (a route's prefetch: one BatchGet). */
export const readTarget = (apiKey: string, target: MembershipTarget) =>
  startedEarly(
    findResources(apiKey, target.organizationId, {
      folderIds: target.folderId === undefined ? [] : [target.folderId],
      documentIds: target.documentId === undefined ? [] : [target.documentId],
    }),
  );

/**
 * Checks that a membership's target exists (one BatchGet) and returns the transaction items that
 * create what is missing: the organization always (base contract #16 rule 6), a folder or document
 * only when asked (`createFolder` / `createDocument`, at the top level), else NOT_FOUND. `started`
 * is `readTarget`'s read, when already started.
 */
export async function prepareTarget(
  apiKey: string,
  target: MembershipTarget,
  now: number,
  started = readTarget(apiKey, target),
): Promise<TransactItem[]> {
  const found = await started;
  const creations: TransactItem[] = [];
  if (!found.organization) creations.push(organizationCreateIfMissing(apiKey, target.organizationId, now));
  if (target.folderId !== undefined && found.folders.length === 0) {
    if (!target.createFolder) throw missingUnlessCreated('Folder', target.folderId);
    creations.push(folderCreate(apiKey, implicitFolder(target.organizationId, target.folderId, now)));
  }
  if (target.documentId !== undefined && found.documents.length === 0) {
    if (!target.createDocument) throw missingUnlessCreated('Document', target.documentId);
    creations.push(documentPut(apiKey, implicitDocument(target.organizationId, target.documentId, now)));
  }
  return creations;
}

/** An organization and a document a write names and may create (commentannotations.add, notifications.add). */
export interface DocumentTarget {
  organizationId: string;
  documentId: string;
  createOrganization?: boolean;
  createDocument?: boolean;
}

/**
 * Implicit creation for the writes that name an organization and a document: a missing
 * organization is NOT_FOUND unless `createOrganization`; a missing document is created when
 * `createDocument`, else NOT_FOUND when `documentRequired` (else it stays missing). `found` is the
 * caller's read of both (`findResources`). Writes only when something is to be created:
 * `prepareTarget` (one BatchGet) then one transaction. Returns whether it wrote.
 */
export async function ensureDocumentTarget(
  apiKey: string,
  target: DocumentTarget,
  found: Awaited<ReturnType<typeof findResources>>,
  now: number,
  documentRequired: boolean,
): Promise<boolean> {
  if (!found.organization && !target.createOrganization) {
    throw missingUnlessCreated('Organization', target.organizationId);
  }
  const documentMissing = found.documents.length === 0;
  if (documentMissing && !target.createDocument && documentRequired) {
    throw missingUnlessCreated('Document', target.documentId);
  }
  const documentToCreate = documentMissing && target.createDocument;
  if (found.organization && !documentToCreate) return false;
  const creations = await prepareTarget(
    apiKey,
    {
      organizationId: target.organizationId,
      ...(target.createDocument && { documentId: target.documentId, createDocument: true }),
    },
    now,
  );
  await writeAll(creations);
  return true;
}
