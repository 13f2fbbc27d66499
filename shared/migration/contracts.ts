/** The contracts of the migration domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import { answering, type ContractsOf } from '../http/route-contract';
import type { migrationRoutes } from './routes';
import * as migration from './schemas';

export const migrationContracts = {
  'organizations.documents.migrate': answering(migration.migrateDocumentInput, migration.startedMigration),
  'organizations.documents.migrate.status': answering(
    migration.migrationStatusInput,
    migration.migrationStatusView,
  ),
} as const satisfies ContractsOf<typeof migrationRoutes>;
