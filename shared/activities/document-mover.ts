import type { DocumentRecordMover } from '../migration/mover';
import { hasDocumentActivities, moveDocumentActivities } from './repository';

/** Activities per migration batch: one timeline Query and this many conditional updates. */
const batchSize = 100;

/** Moves a document's activity records (migration): `metadata.documentId` and the document timeline. */
export const activityMover: DocumentRecordMover = {
  name: 'activities',
  hasRecords: hasDocumentActivities,
  async moveBatch(move, cursor) {
    const result = await moveDocumentActivities(
      move.apiKey,
      move.organizationId,
      move,
      batchSize,
      cursor?.startKey as Record<string, unknown> | undefined,
    );
    return { moved: result.moved, ...(result.nextKey && { cursor: { startKey: result.nextKey } }) };
  },
};
