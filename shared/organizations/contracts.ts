/** The contracts of the organizations domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod/mini';
import {
  acknowledging,
  answering,
  answeringBatch,
  answeringPage,
  type ContractsOf,
} from '../http/route-contract';
import type { organizationsRoutes } from './routes';
import * as organizations from './schemas';

export const organizationsContracts = {
  'organizations.add': answeringBatch(organizations.addOrganizationsInput),
  'organizations.get': answeringPage(
    organizations.getOrganizationsInput,
    z.array(organizations.organizationView),
    'nextPageToken',
  ),
  'organizations.delete': answeringBatch(organizations.deleteOrganizationsInput),
  'organizations.folders.add': answeringBatch(organizations.addFoldersInput),
  'organizations.folders.get': answering(organizations.getFoldersInput, z.array(organizations.folderView)),
  'organizations.folders.update': answeringBatch(organizations.updateFoldersInput),
  'organizations.folders.delete': acknowledging(organizations.deleteFolderInput),
  'organizations.documents.add': answeringBatch(organizations.addDocumentsInput),
  'organizations.documents.get': answeringPage(
    organizations.getDocumentsInput,
    z.array(organizations.documentView),
    'pageToken',
  ),
  'organizations.documents.delete': answeringBatch(organizations.deleteDocumentsInput),
} as const satisfies ContractsOf<typeof organizationsRoutes>;
