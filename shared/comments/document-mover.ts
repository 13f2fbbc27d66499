import { type DocumentRecordMover, moverBatchSize } from '../plugins/mover';
import { hasDocumentComments, moveDocumentComments } from './repository';

/** Comment items (annotations and comments) per migration batch. */
const batchSize = 100;

/**
 * Moves a document's comment annotations (migration): each batch copies the first items still in the
 * source partition to the target partition under the same sort keys and then deletes them, so a
 * repeated or concurrent batch writes the same copies again and nothing is lost or doubled. No
 * cursor is needed: what has moved is no longer in the source.
 */
export const commentMover: DocumentRecordMover = {
  name: 'comments',
  hasRecords: hasDocumentComments,
  async moveBatch(move) {
    const result = await moveDocumentComments(
      move.apiKey,
      move.organizationId,
      move,
      moverBatchSize(batchSize),
    );
    return result.more ? { moved: result.moved, cursor: {} } : { moved: result.moved };
  },
};
