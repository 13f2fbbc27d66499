import { type DocumentRecordMover, moverBatchSize } from '../plugins/mover';
import { moveThreadCounters } from './read-repository';
import { hasDocumentComments, moveDocumentComments } from './repository';

/** Comment items (annotations and comments) per migration batch; thread counters too. */
const batchSize = 100;

/**
 * Moves a document's comment annotations (migration): each batch copies the first items still in the
 * source partition to the target partition under the same sort keys and then deletes them, so a
 * repeated or concurrent batch writes the same copies again and nothing is lost or doubled. Once no
 * thread is left, the thread counters (the document's, each user's read count) are added to the
 * target's and deleted, each on condition that it holds what was read. No cursor is needed: what
 * has moved is no longer in the source.
 */
export const commentMover: DocumentRecordMover = {
  name: 'comments',
  hasRecords: hasDocumentComments,
  async moveBatch(move) {
    const limit = moverBatchSize(batchSize);
    const threads = await moveDocumentComments(move.apiKey, move.organizationId, move, limit);
    if (threads.more) return { moved: threads.moved, cursor: {} };
    // Counters are no records of their own: they count what moved.
    const counters = await moveThreadCounters(move.apiKey, move.organizationId, move, limit);
    return counters.more ? { moved: threads.moved, cursor: {} } : { moved: threads.moved };
  },
};
