import { rootFolderId } from '../access/model';
import type { TransactItem } from '../db/batch';
import { startedEarly } from '../db/parallel';
import { notFound } from '../http/errors';
import { documentPut, findResources, folderCreate, organizationCreateIfMissing } from './repository';

/** The resource a membership is given on: the organization, or one folder or document in it. */
export interface MembershipTarget {
  organizationId: string;
  folderId?: string;
  documentId?: string;
  createFolder?: boolean;
  createDocument?: boolean;
}

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
    if (!target.createFolder) {
      throw notFound(`Folder ${target.folderId} does not exist; send createFolder: true to create it.`);
    }
    creations.push(
      folderCreate(apiKey, {
        folderId: target.folderId,
        folderName: target.folderId,
        organizationId: target.organizationId,
        parentFolderId: rootFolderId,
        ancestors: [rootFolderId],
        inheritAccessFromParent: false,
        createdAt: now,
        lastUpdated: now,
      }),
    );
  }
  if (target.documentId !== undefined && found.documents.length === 0) {
    if (!target.createDocument) {
      throw notFound(`Document ${target.documentId} does not exist; send createDocument: true to create it.`);
    }
    creations.push(
      documentPut(apiKey, {
        documentId: target.documentId,
        documentName: target.documentId,
        organizationId: target.organizationId,
        disabled: false,
        createdAt: now,
        lastUpdated: now,
      }),
    );
  }
  return creations;
}
