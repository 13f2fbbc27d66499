import { defineEndpoint } from '../../shared/http/define-endpoint';
import { migrationStatusInput } from '../../shared/migration/schemas';
import { migrationStatus } from '../../shared/migration/service';

export const handler = defineEndpoint({
  route: 'organizations.documents.migrate.status',
  input: migrationStatusInput,
  run: async ({ caller, input }) => ({
    message: 'Migration status retrieved.',
    data: await migrationStatus(caller, input),
  }),
});
