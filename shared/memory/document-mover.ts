import { mapInParallel } from '../db/parallel';
import { type DocumentRecordMover, moverBatchSize } from '../plugins/mover';
import { documentJudgmentIds, hasDocumentJudgments, moveJudgment } from './repository';

/** Judgments per migration batch: one timeline Query, then 3 conditional updates each. */
const batchSize = 50;
const concurrency = 10;

/**
 * Moves a document's judgments (migration): each judgment's `documentId` and document placements
 * (its gsi3 timeline entry and its vector items' gsi3 keys), in place — keys hold the activity id,
 * not the document. A batch re-lists what is still on `from`'s timeline, so no cursor is needed.
 */
export const judgmentMover: DocumentRecordMover = {
  name: 'judgments',
  hasRecords: hasDocumentJudgments,
  async moveBatch(move) {
    const size = moverBatchSize(batchSize);
    const ids = await documentJudgmentIds(move.apiKey, move.organizationId, move.from, size);
    const moved = await mapInParallel(ids, concurrency, (id) =>
      moveJudgment(move.apiKey, move.organizationId, id, move),
    );
    const count = moved.filter(Boolean).length;
    // A full batch may leave more behind; an empty or short one was the last.
    return ids.length === size ? { moved: count, cursor: {} } : { moved: count };
  },
};
