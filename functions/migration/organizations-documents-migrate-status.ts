import { defineEndpoint } from '../../shared/api/define-endpoint';
import { migrationRoutes } from '../../shared/migration/routes';
import { migrationStatusInput } from '../../shared/migration/schemas';
import { migrationStatus, readMigrationJob } from '../../shared/migration/service';

export const handler = defineEndpoint({
  routes: migrationRoutes,
  route: 'organizations.documents.migrate.status',
  input: migrationStatusInput,
  prefetch: ({ apiKey, input }) => readMigrationJob(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Migration status retrieved.',
    data: await migrationStatus(caller, input, prefetched),
  }),
});
