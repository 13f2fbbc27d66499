import { defineEndpoint } from '../../shared/api/define-endpoint';
import { migrationRoutes } from '../../shared/migration/routes';
import { migrateDocumentInput } from '../../shared/migration/schemas';
import { startMigration } from '../../shared/migration/service';

export const handler = defineEndpoint({
  routes: migrationRoutes,
  route: 'organizations.documents.migrate',
  input: migrateDocumentInput,
  run: async ({ caller, input }) => ({
    message: 'Migration started.',
    data: await startMigration(caller, input),
  }),
});
