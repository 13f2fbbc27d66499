import { type DocumentRecordMover, moverBatchSize } from '../plugins/mover';
import { hasDocumentContent, moveDocumentContent } from './repository';

/** CRDT items per migration batch (parts are ≤ 350 KB, so a Query page holds fewer of the big ones). */
const batchSize = 25;

/**
 * Moves a document's CRDT partition (migration) in two passes: `copy` copies every item to the new
 * partition, then `move` copies each page again and deletes its originals. A run that dies anywhere
 * resumes with the copy pass over what is left, so nothing is deleted uncopied and nothing doubles
 * (copies are the same keys).
 */
export const crdtMover: DocumentRecordMover = {
  name: 'crdt',
  hasRecords: hasDocumentContent,
  async moveBatch(move, cursor) {
    const phase = cursor?.phase === 'move' ? 'move' : 'copy';
    const result = await moveDocumentContent(
      move,
      phase,
      moverBatchSize(batchSize),
      cursor?.startKey as Record<string, unknown> | undefined,
    );
    if (result.nextKey) return { moved: result.moved, cursor: { phase, startKey: result.nextKey } };
    return phase === 'copy' ? { moved: 0, cursor: { phase: 'move' } } : { moved: result.moved };
  },
};
