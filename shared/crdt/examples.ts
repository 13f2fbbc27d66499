/** One example call per route of the crdt domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { acknowledged, answer, doc, ms } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { crdtContracts } from './contracts';

const editorResource = { ...doc, editorId: 'editor-1', type: 'text' as const, data: 'Hello, world' };

export const crdtExamples = {
  'crdt.add': {
    request: editorResource,
    response: acknowledged('Editor content saved.'),
  },
  'crdt.get': {
    request: { ...doc, editorId: 'editor-1' },
    response: answer('Editor content retrieved.', [
      { id: 'editor-1', type: 'text', data: 'Hello, world', lastUpdate: ms, lastUpdatedBy: 'alice' },
    ]),
  },
  'crdt.update': {
    request: { ...editorResource, data: 'Hello, collaborators' },
    response: acknowledged('Editor content saved.'),
  },
} satisfies ExamplesOf<typeof crdtContracts>;
