import type { DocumentRecordMover } from '../plugins/mover';
import { findDocuments, moveDocumentItem } from './repository';

/** Moves the document item itself (migration), with its name, folder placement and access type. */
export const documentMover: DocumentRecordMover = {
  name: 'document',
  firstPassOnly: true,
  hasRecords: async (apiKey, organizationId, documentId) =>
    (await findDocuments(apiKey, organizationId, [documentId])).length > 0,
  async moveBatch(move) {
    return { moved: (await moveDocumentItem(move.apiKey, move.organizationId, move)) ? 1 : 0 };
  },
};
