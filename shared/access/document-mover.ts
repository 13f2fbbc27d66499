import { pagedMover } from '../plugins/mover';
import { hasDocumentAccessEntries, moveDocumentAccess } from './repository';

/**
 * Moves users' memberships and grants on a document (migration): `member:document:<id>` and
 * `grant:document:<id>` on their access items, one page of the organization's users per batch.
 */
export const accessMover = pagedMover('access', hasDocumentAccessEntries, (move, startKey) =>
  moveDocumentAccess(move, startKey),
);
