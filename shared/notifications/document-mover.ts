import type { DocumentRecordMover } from '../migration/mover';
import { hasDocumentNotifications, moveDocumentNotifications } from './repository';

/** Notifications per migration batch (each with all its inbox entries). */
const batchSize = 10;

/** Moves a document's notifications (migration): shared records, their listing, recipients' inbox entries. */
export const notificationMover: DocumentRecordMover = {
  name: 'notifications',
  hasRecords: hasDocumentNotifications,
  async moveBatch(move, cursor) {
    const result = await moveDocumentNotifications(
      move.apiKey,
      move.organizationId,
      move,
      batchSize,
      cursor?.startKey as Record<string, unknown> | undefined,
    );
    return { moved: result.moved, ...(result.nextKey && { cursor: { startKey: result.nextKey } }) };
  },
};
