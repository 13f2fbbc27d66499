import { moverBatchSize, pagedMover } from '../plugins/mover';
import { hasDocumentNotifications, moveDocumentNotifications } from './repository';

/** Notifications per migration batch (each with all its inbox entries). */
const batchSize = 10;

/** Moves a document's notifications (migration): shared records, their listing, recipients' inbox entries. */
export const notificationMover = pagedMover('notifications', hasDocumentNotifications, (move, startKey) =>
  moveDocumentNotifications(move, moverBatchSize(batchSize), startKey),
);
