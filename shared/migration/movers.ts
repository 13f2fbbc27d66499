import { accessMover } from '../access/document-mover';
import { activityMover } from '../activities/document-mover';
import { commentMover } from '../comments/document-mover';
import { crdtMover } from '../crdt/document-mover';
import { judgmentMover } from '../memory/document-mover';
import { notificationMover } from '../notifications/document-mover';
import { documentMover } from '../organizations/document-mover';
import type { DocumentRecordMover } from './mover';

/**
 * Every domain's document-record mover, in the order a migration runs them (see `./mover.ts` for
 * how to add one). The document item itself moves last, so a migration that stops for good leaves
 * the document in place with whatever records were not moved yet.
 */
export const documentRecordMovers: DocumentRecordMover[] = [
  accessMover,
  activityMover,
  notificationMover,
  commentMover,
  crdtMover,
  judgmentMover,
  documentMover,
];
