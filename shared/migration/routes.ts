/**
 * The migration domain's routes (`organizations.*`): pure data, composed into the route table
 * (shared/api/routes.ts) that the CDK app reads at synth time. Their contracts are in ./contracts.ts,
 * their examples in ./examples.ts; a route's handler is `functions/migration/<file>.ts` (see `handlerFile`).
 */
import { domainRoutes } from '../http/route-rows';

export const migrationRoutes = domainRoutes('migration', [
  {
    name: 'organizations.documents.migrate',
    path: '/v2/organizations/documents/migrate',
    db: 'read-write',
    queues: ['document-migration'],
    summary: "Start moving every record of a document to a new document id; returns the job's migrationId.",
  },
  {
    name: 'organizations.documents.migrate.status',
    path: '/v2/organizations/documents/migrate/status',
    db: 'read',
    summary: 'Report a migration: pending, in_progress, completed or failed (with a message).',
  },
]);
