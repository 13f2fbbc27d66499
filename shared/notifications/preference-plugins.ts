import { pagedEraser } from '../plugins/eraser';
import { moverBatchSize, pagedMover } from '../plugins/mover';
import {
  erasePreferencePage,
  hasDocumentPreferences,
  moveDocumentPreferences,
} from './preference-repository';

/** Document-level preferences per migration batch (two BatchWriteItem of 25 each). */
const batchSize = 25;

/** Moves users' notification preferences for a document (migration): each re-keyed under the new id. */
export const notificationPreferenceMover = pagedMover(
  'notification preferences',
  hasDocumentPreferences,
  (move, startKey) => moveDocumentPreferences(move, moverBatchSize(batchSize), startKey),
);

/** Erases the notification preferences of an organization or a document (deletion cascade). */
export const notificationPreferenceEraser = pagedEraser('notification preferences', (scope, startKey) =>
  erasePreferencePage(scope, 100, startKey),
);
