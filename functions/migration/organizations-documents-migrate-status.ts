import { defineEndpoint } from '../../shared/api/define-endpoint';
import { migrationContracts } from '../../shared/migration/contracts';
import { migrationStatus, readMigrationJob } from '../../shared/migration/service';

export const handler = defineEndpoint({
  route: 'organizations.documents.migrate.status',
  contracts: migrationContracts,
  prefetch: ({ apiKey, input }) => readMigrationJob(apiKey, input),
  run: async ({ caller, input, prefetched }) => ({
    message: 'Migration status retrieved.',
    data: await migrationStatus(caller, input, prefetched),
  }),
});
