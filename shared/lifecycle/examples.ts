/** One example call per route of the lifecycle domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { answer } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { lifecycleContracts } from './contracts';

export const lifecycleExamples = {
  'users.data.delete': {
    request: { userId: 'alice' },
    response: answer('Erasure started.', { jobId: 'job-1' }),
  },
  'users.data.delete.status': {
    request: { jobId: 'job-1' },
    response: answer('Erasure status retrieved.', {
      jobId: 'job-1',
      status: 'completed',
      counts: { comment: 3, notification: 5 },
    }),
  },
} satisfies ExamplesOf<typeof lifecycleContracts>;
