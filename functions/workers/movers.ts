import { accessMover } from '../../shared/access/document-mover';
import { activityMover } from '../../shared/activities/document-mover';
import { commentMover } from '../../shared/comments/document-mover';
import { crdtMover } from '../../shared/crdt/document-mover';
import { judgmentMover } from '../../shared/memory/document-mover';
import { notificationMover } from '../../shared/notifications/document-mover';
import { notificationPreferenceMover } from '../../shared/notifications/preference-plugins';
import { documentMover } from '../../shared/organizations/document-mover';
import type { DocumentRecordMover } from '../../shared/plugins/mover';

/**
 * Every domain's document-record mover, in the order a migration runs them (see
 * `shared/plugins/mover.ts` for how to add one), handed to the worker by `./document-migration.ts`.
 * The document item itself moves last, so a migration that stops for good leaves the document in
 * place with whatever records were not moved yet.
 */
export const documentRecordMovers: DocumentRecordMover[] = [
  accessMover,
  activityMover,
  notificationMover,
  notificationPreferenceMover,
  commentMover,
  crdtMover,
  judgmentMover,
  documentMover,
];
