/** The contracts of the erasure domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import { answeringPage, type ContractsOf } from '../http/route-contract';
import type { erasureRoutes } from './routes';
import * as erasure from './schemas';

export const erasureContracts = {
  'users.data.get': answeringPage(erasure.getUserDataInput, erasure.userDataPage, 'nextPageToken'),
} as const satisfies ContractsOf<typeof erasureRoutes>;
