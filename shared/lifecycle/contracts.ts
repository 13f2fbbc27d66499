/** The contracts of the lifecycle domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import { answering, type ContractsOf } from '../http/route-contract';
import type { lifecycleRoutes } from './routes';
import * as lifecycle from './schemas';

export const lifecycleContracts = {
  'users.data.delete': answering(lifecycle.deleteUserDataInput, lifecycle.startedUserErasure),
  'users.data.delete.status': answering(
    lifecycle.userDataDeletionStatusInput,
    lifecycle.userErasureStatusView,
  ),
} as const satisfies ContractsOf<typeof lifecycleRoutes>;
