/** One example call per route of the realtime domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { acknowledged, doc } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { realtimeContracts } from './contracts';

export const realtimeExamples = {
  'livestate.broadcast': {
    request: { ...doc, liveStateDataId: 'cursor', data: { page: 2 }, merge: true },
    response: acknowledged('Live state broadcast.'),
  },
} satisfies ExamplesOf<typeof realtimeContracts>;
