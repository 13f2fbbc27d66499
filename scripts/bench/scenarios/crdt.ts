import { type ApiKeyClient, type Area, newWorkspaceClient } from './types';

/**
 * A key with one document holding two text editors of about 4 KB: `read`, with a handful of
 * appended updates on its snapshot, and `live`, which the update scenario keeps editing (so its
 * appended updates fold into a snapshot every so often, as in real use). The live-state scenario
 * merges into one value of the same document.
 */
export interface CrdtFixture {
  api: ApiKeyClient;
}

const document = { organizationId: 'org', documentId: 'doc' };

/** About 4 KB of text: 40 paragraphs, one of which (`edited`) differs between versions. */
function text(edited: number, version: string): string {
  return Array.from({ length: 40 }, (_, paragraph) =>
    paragraph === edited
      ? `Paragraph ${paragraph}, revision ${version}: the part someone is typing in right now.`
      : `Paragraph ${paragraph}: steady text that nobody touches during the benchmark run.`,
  ).join('\n');
}

const editor = (editorId: string, data: string) => ({
  ...document,
  editorId,
  type: 'text',
  data,
  userId: 'alice',
});

export const crdtArea: Area<CrdtFixture> = {
  name: 'crdt',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'crdt');
    // The document exists as a resource too, for livestate/broadcast (which checks it).
    await api.call('organizations.add', { organizations: [{ organizationId: document.organizationId }] });
    await api.call('organizations.documents.add', {
      organizationId: document.organizationId,
      documents: [{ documentId: document.documentId }],
    });
    await api.call('crdt.add', editor('read', text(0, 'initial')));
    for (let update = 1; update <= 5; update += 1) {
      await api.call('crdt.update', editor('read', text(update, 'seeded')));
    }
    await api.call('crdt.add', editor('live', text(0, 'initial')));
    return { api };
  },
  scenarios: {
    'crdt.add': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: editor(`added-${index}`, text(0, 'initial')),
      }),
    },
    'crdt.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { ...document, editorId: 'read' } }),
    },
    'livestate.broadcast': {
      // A cursor-like value merged into the last one (no connection listening: storage cost only).
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...document, liveStateDataId: 'viewport', data: { page: index % 7, zoom: 1 }, merge: true },
      }),
    },
    'crdt.update': {
      // Each request rewrites one paragraph, a different one each time (a small Yjs delta).
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: editor('live', text(index % 40, `r${index}`)),
      }),
    },
  },
};
