/** One example call per route of the migration domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { answer, doc } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { migrationContracts } from './contracts';

export const migrationExamples = {
  'organizations.documents.migrate': {
    request: { ...doc, newDocumentId: 'doc-2' },
    response: answer('Migration started.', { migrationId: 'mig-1' }),
  },
  'organizations.documents.migrate.status': {
    request: { organizationId: 'org-1', migrationId: 'mig-1' },
    response: answer('Migration status retrieved.', {
      migrationId: 'mig-1',
      status: 'completed',
      moved: { comments: 12, notifications: 3 },
    }),
  },
} satisfies ExamplesOf<typeof migrationContracts>;
