import { nothingToErase, pagedEraser } from '../plugins/eraser';
import { eraseMigrationPage } from './repository';

/** Erases a deleted organization's migration jobs and locks (deletion cascade). */
export const migrationEraser = pagedEraser('migrations', (scope, startKey) =>
  scope.documentId === undefined
    ? eraseMigrationPage(scope.apiKey, scope.organizationId, 100, startKey)
    : nothingToErase(),
);
