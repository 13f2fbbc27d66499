import { defineEndpoint } from '../../shared/http/define-endpoint';
import { migrationStatus } from '../../shared/migration/service';

export const handler = defineEndpoint({
  route: 'organizations.documents.migrate.status',
  run: async ({ caller, input }) => ({
    message: 'Migration status retrieved.',
    data: await migrationStatus(caller, input),
  }),
});
