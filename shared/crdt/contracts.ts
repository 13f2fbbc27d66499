/** The contracts of the crdt domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod/mini';
import {
  acknowledging,
  answering,
  answeringBatch,
  answeringPage,
  type ContractsOf,
} from '../http/route-contract';
import type { crdtRoutes } from './routes';
import * as crdt from './schemas';
import * as versions from './versions-schemas';

export const crdtContracts = {
  'crdt.add': acknowledging(crdt.writeEditorInput),
  'crdt.get': answering(crdt.getEditorsInput, z.array(z.union([crdt.editorView, crdt.yjsEditorView]))),
  'crdt.update': acknowledging(crdt.updateEditorInput),
  'crdt.versions.create': answering(versions.createVersionInput, versions.createdVersionView),
  // A page of versions without `versionId`; one version with its content with it.
  'crdt.versions.get': answeringPage(
    versions.getVersionsInput,
    z.union([z.array(versions.versionListItem), versions.versionView]),
    'nextPageToken',
  ),
  'crdt.versions.restore': acknowledging(versions.restoreVersionInput),
  'crdt.versions.delete': answeringBatch(versions.deleteVersionsInput),
} as const satisfies ContractsOf<typeof crdtRoutes>;
