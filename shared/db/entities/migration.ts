import type { ItemKey } from '../key-parts';
import { documentSegment, encodeKeyPart, join, organizationPartition } from '../key-parts';
import { defineArea } from './definition';

/** Document migration jobs and locks, and what the movers read and write. */
export const migrationArea = defineArea({
  entities: {
    migrationJob: { indexes: ['gsi7'] },
    migrationLock: {},
  },
  accessPatterns: {
    migrationJob: { index: 'table' },
    overdueMigrationJobs: { index: 'gsi7' },
    migrationLocks: { index: 'table' },
    recordsUnderDocument: { index: ['table', 'gsi3'] },
    moveDocumentRecords: { index: ['table', 'gsi3', 'gsi5'] },
  },
});

/** The keys of migration jobs and locks. */
export const migrationKeys = {
  /** A document migration job: its ids, status and message (addendum §6, base #25). */
  migrationJob: (apiKey: string, organizationId: string, migrationId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId, 'MIGRATION'),
    sk: join('JOB', encodeKeyPart(migrationId)),
  }),
  /** Held by the running migration that moves records from or to a document, so no other touches it. */
  migrationLock: (apiKey: string, organizationId: string, documentId: string): ItemKey => ({
    pk: organizationPartition(apiKey, organizationId, 'MIGRATION'),
    sk: join('LOCK', documentSegment(organizationId, documentId)),
  }),
  /** The partition of an organization's migration jobs and locks. */
  migrationPartition: (apiKey: string, organizationId: string) =>
    organizationPartition(apiKey, organizationId, 'MIGRATION'),
} as const;
