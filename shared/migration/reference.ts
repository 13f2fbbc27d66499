/** The reference's words for the migration domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { migrationContracts } from './contracts';

export const migrationReference = domainReference<typeof migrationContracts>()({
  operations: {
    'organizations.documents.migrate':
      'Moves every record of the document to `newDocumentId`, in the background: the document itself, memberships and grants, activities, notifications, CRDT content and versions, comments and judgments. Follow it with `migrate/status`. When `newDocumentId` exists already the migration fails and changes nothing; running a failed migration again is safe.',
    'organizations.documents.migrate.status':
      'Answers where a migration stands: `pending`, then `in_progress`, then `completed` or `failed` (with a `message`). A migration of another API key is `NOT_FOUND`.',
  },
  fields: {
    'data.documentId': 'The document whose records move.',
    newDocumentId: 'The id the records move to; it must not exist yet and must differ from `documentId`.',
    migrationId: 'The migration, as `documents/migrate` answered it.',
    'result.data.status': '`pending`, `in_progress`, `completed` or `failed`.',
    'result.data.message': 'Why the migration failed; present only then.',
    moved:
      'How many records have moved so far, by kind of record; `{}` before the first. It can lag behind the work done, never run ahead of it.',
  },
});
