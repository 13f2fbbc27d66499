import { moverBatchSize, pagedMover } from '../plugins/mover';
import { hasDocumentActivities, moveDocumentActivities } from './repository';

/** Activities per migration batch: one timeline Query and this many conditional updates. */
const batchSize = 100;

/** Moves a document's activity records (migration): `metadata.documentId` and the document timeline. */
export const activityMover = pagedMover('activities', hasDocumentActivities, (move, startKey) =>
  moveDocumentActivities(move, moverBatchSize(batchSize), startKey),
);
