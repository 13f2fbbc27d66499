import { nothingToErase, pagedEraser } from '../plugins/eraser';
import { eraseOrganizationPage } from './repository';

/** Items per erasing batch of an organization's partition. */
const batchSize = 500;

/**
 * Erases an organization's own partition: folders, documents, users' access items, groups
 * (deletion cascade). A deleted document's item went with the delete call itself.
 */
export const organizationEraser = pagedEraser('organization', (scope, startKey) =>
  scope.documentId === undefined
    ? eraseOrganizationPage(scope.apiKey, scope.organizationId, batchSize, startKey)
    : nothingToErase(),
);
