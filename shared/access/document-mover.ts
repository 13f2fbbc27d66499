import type { DocumentRecordMover } from '../migration/mover';
import { hasDocumentAccessEntries, moveDocumentAccess } from './repository';

/**
 * Moves users' memberships and grants on a document (migration): `member:document:<id>` and
 * `grant:document:<id>` on their access items, one page of the organization's users per batch.
 */
export const accessMover: DocumentRecordMover = {
  name: 'access',
  hasRecords: hasDocumentAccessEntries,
  async moveBatch(move, cursor) {
    const result = await moveDocumentAccess(
      move.apiKey,
      move.organizationId,
      move,
      cursor?.startKey as Record<string, unknown> | undefined,
    );
    return { moved: result.moved, ...(result.nextKey && { cursor: { startKey: result.nextKey } }) };
  },
};
