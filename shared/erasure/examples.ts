/** One example call per route of the erasure domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { answer } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { erasureContracts } from './contracts';

export const erasureExamples = {
  'users.data.get': {
    request: { userId: 'alice', organizationId: 'org-1' },
    response: answer('User data retrieved.', {
      userId: 'alice',
      items: [
        { feature: 'membership', organizationId: 'org-1', id: 'alice', record: { accessRole: 'editor' } },
      ],
    }),
  },
} satisfies ExamplesOf<typeof erasureContracts>;
