/** One example call per route of the crdt domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { acknowledged, answer, doc, ms } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { crdtContracts } from './contracts';

const versionId = '0017724438000007c1e2a9f4';

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
  'crdt.versions.create': {
    request: { ...doc, editorId: 'editor-1', name: 'Before the review', actionUser: { userId: 'alice' } },
    response: answer('Version created.', { versionId, createdAt: ms }),
  },
  'crdt.versions.get': {
    request: { ...doc, editorId: 'editor-1', pageSize: 20 },
    response: answer('Versions retrieved.', [
      { versionId, name: 'Before the review', createdAt: ms, createdBy: 'alice', auto: false, bytes: 42 },
    ]),
  },
  'crdt.versions.restore': {
    request: { ...doc, editorId: 'editor-1', versionId, actionUser: { userId: 'alice' } },
    response: acknowledged('Version restored.'),
  },
  'crdt.versions.delete': {
    request: { ...doc, editorId: 'editor-1', versionIds: [versionId] },
    response: answer('Versions deleted.', { [versionId]: { success: true, message: 'Version deleted.' } }),
  },
} satisfies ExamplesOf<typeof crdtContracts>;
