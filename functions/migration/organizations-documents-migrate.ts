import { defineEndpoint } from '../../shared/api/define-endpoint';
import { migrationContracts } from '../../shared/migration/contracts';
import { startMigration } from '../../shared/migration/service';

export const handler = defineEndpoint({
  route: 'organizations.documents.migrate',
  contracts: migrationContracts,
  run: async ({ caller, input }) => ({
    message: 'Migration started.',
    data: await startMigration(caller, input),
  }),
});
