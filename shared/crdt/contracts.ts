/** The contracts of the crdt domain's routes (./routes.ts): the `data` each accepts and the `result` it answers. */
import * as z from 'zod';
import { acknowledging, answering, type ContractsOf } from '../http/route-contract';
import type { crdtRoutes } from './routes';
import * as crdt from './schemas';

export const crdtContracts = {
  'crdt.add': acknowledging(crdt.writeEditorInput),
  'crdt.get': answering(crdt.getEditorsInput, z.array(z.union([crdt.editorView, crdt.yjsEditorView]))),
  'crdt.update': acknowledging(crdt.updateEditorInput),
} as const satisfies ContractsOf<typeof crdtRoutes>;
