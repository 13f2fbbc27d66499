import { nothingToErase, pagedEraser } from '../plugins/eraser';
import { eraseDocumentAccess } from './repository';

/**
 * Erases memberships and grants on a deleted document (deletion cascade), those given before its
 * deletion only: they are attributes of user items that a re-created document shares. An
 * organization's user items and groups live in its partition and go with it (`organizationEraser`).
 */
export const accessEraser = pagedEraser('access', (scope, startKey) =>
  scope.documentId === undefined
    ? nothingToErase()
    : eraseDocumentAccess(scope.apiKey, scope.organizationId, scope.documentId, scope.deletedAt, startKey),
);
