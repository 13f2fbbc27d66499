import { migrationArea } from '../migration';
import { documentArea } from './definition';

/** What docs/data-model.md says of `migrationArea`: its title, item layouts and attributes, access patterns. */
export const migrationDocs = documentArea(migrationArea, {
  title: 'Document migration',
  entities: {
    migrationJob: {
      pk: 'AK#<ak>#ORG#<org>#MIGRATION',
      sk: 'JOB#<migrationId>',
      attributes:
        "migrationId, organizationId, documentId, newDocumentId, status (`pending`, `in_progress`, `completed`, `failed`), message?, targetChecked? (worker flag: moving may start), apiKey (the reconciler re-sends the message with it), leaseUntil? + gsi7pk/gsi7sk (while `pending`/`in_progress`: the lease's end and its due-index entry), resumes? (reconciler resumes since the last progress), moved? (records moved so far per domain; decisions §38), createdAt, updatedAt",
    },
    migrationLock: {
      pk: 'AK#<ak>#ORG#<org>#MIGRATION',
      sk: 'LOCK#<doc>',
      attributes:
        'migrationId, createdAt, updatedAt (exists only while a migration of or to the document runs)',
    },
  },
  accessPatterns: {
    migrationJob: {
      pattern: 'migration job',
      pk: '`AK#<ak>#ORG#<org>#MIGRATION`',
      sk: '`JOB#<migrationId>`',
      operation:
        'PutItem `attribute_not_exists`; GetItem (consistent); status changes in transactions conditioned on the current status; lease renewal and progress (`moved`) UpdateItems conditioned on `in_progress`; resume UpdateItem / stalled failure conditioned on status and the `leaseUntil` read',
      usedBy: '`organizations.documents.migrate`, `.migrate.status`, migration worker, reconciler',
    },
    overdueMigrationJobs: {
      pattern: 'overdue migration jobs',
      pk: '`DUE#<shard>`',
      sk: '`<leaseUntil, 15 digits>`',
      operation:
        "the reconciler's sweep (Query `<= now` per shard + BatchGetItem); set with the lease, removed when the job completes or fails",
      usedBy: 'reconciler (`shared/migration/reconcile.ts`)',
    },
    migrationLocks: {
      pattern: 'migration locks',
      pk: '`AK#<ak>#ORG#<org>#MIGRATION`',
      sk: '`LOCK#<doc>` (source and target)',
      operation:
        'Put `attribute_not_exists OR migrationId = :me` with the claim; Delete with completion or failure',
      usedBy: 'migration worker',
    },
    recordsUnderDocument: {
      pattern: 'records under a document id (target check, one per mover)',
      pk: '`DOC#<doc>` item; `…#ACTIVITY#DOC#<doc>`; `…#NOTIFICATION#DOC#<doc>`; `…#CRDT#<doc>`; `AK#<ak>#ORG#<org>` begins_with `USER#` (filter `attribute_exists(member:document:<doc>) OR attribute_exists(grant:document:<doc>)`, projection)',
      sk: '',
      operation: 'BatchGetItem / Query `Limit: 1` / Query pages of 1,000 users until a match',
      usedBy: 'migration worker',
    },
    moveDocumentRecords: {
      pattern: "move a document's records",
      pk: 'from `…<from>` to `…<to>`',
      sk: '',
      operation:
        'activities: gsi3 Query (100 ids) + 1 TransactWriteItems of 100 conditional updates (`metadata.documentId`, `gsi3pk`); notifications: gsi3 Query (10) + per notification gsi5 Query + 1 TransactWriteItems of conditional updates per 100 inbox entries, then the record (`documentId`, `gsi3pk`); access: Query (1,000 users) + 1 conditional UpdateItem per holder; CRDT: Query (25, consistent) + BatchWriteItem puts (copy pass), then Query + puts + deletes (move pass); document: GetItem + TransactWriteItems (put new, delete old)',
      usedBy: 'migration worker (`shared/<domain>/document-mover.ts`)',
    },
  },
});
