import { defineEndpoint } from '../../shared/api/define-endpoint';
import { startMigration } from '../../shared/migration/service';

export const handler = defineEndpoint({
  route: 'organizations.documents.migrate',
  run: async ({ caller, input }) => ({
    message: 'Migration started.',
    data: await startMigration(caller, input),
  }),
});
