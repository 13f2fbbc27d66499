import { defineEndpoint } from '../../shared/api/define-endpoint';
import { migrateDocumentInput } from '../../shared/migration/schemas';
import { startMigration } from '../../shared/migration/service';

export const handler = defineEndpoint({
  route: 'organizations.documents.migrate',
  input: migrateDocumentInput,
  run: async ({ caller, input }) => ({
    message: 'Migration started.',
    data: await startMigration(caller, input),
  }),
});
