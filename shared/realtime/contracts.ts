/** The contracts of the realtime domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import { acknowledging, type ContractsOf } from '../http/route-contract';
import type { realtimeRoutes } from './routes';
import * as realtime from './schemas';

export const realtimeContracts = {
  'livestate.broadcast': acknowledging(realtime.broadcastLiveStateInput),
} as const satisfies ContractsOf<typeof realtimeRoutes>;
