/** The contracts of the access domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod/mini';
import {
  acknowledging,
  answering,
  answeringBatch,
  answeringPage,
  type ContractsOf,
} from '../http/route-contract';
import type { groupAndPermissionRoutes, userRoutes } from './routes';
import * as access from './schemas';

export const accessContracts = {
  'users.add': answeringBatch(access.addUsersInput),
  'users.get': answeringPage(access.getUsersInput, z.array(access.userView), 'nextPageToken'),
  'users.update': answeringBatch(access.updateUsersInput),
  'users.delete': answeringBatch(access.deleteUsersInput),
  'organizations.usergroups.add': answeringBatch(access.addGroupsInput),
  'organizations.usergroups.get': answering(access.getGroupsInput, z.array(access.groupView)),
  'organizations.usergroups.users.add': answeringBatch(access.addGroupUsersInput),
  'organizations.usergroups.users.delete': answeringBatch(access.deleteGroupUsersInput),
  'auth.permissions.get': answering(access.getPermissionsInput, access.userPermissions),
  'auth.permissions.add': acknowledging(access.addPermissionsInput),
  'auth.permissions.remove': acknowledging(access.removePermissionsInput),
  'auth.token.generate': answering(access.generateTokenInput, access.generatedToken),
} as const satisfies ContractsOf<typeof userRoutes | typeof groupAndPermissionRoutes>;
