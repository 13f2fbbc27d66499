import { type ApiKeyClient, type Area, newWorkspaceClient } from './types';

/**
 * A key with one document holding text editors of about 4 KB: `read`, with a handful of
 * appended updates on its snapshot, and `live`, which the update scenario keeps editing (so its
 * appended updates fold into a snapshot every so often, as in real use); `versioned` with 25
 * versions and `restored`, restored back and forth between two. The live-state scenario
 * merges into one value of the same document.
 */
export interface CrdtFixture {
  api: ApiKeyClient;
  /** Two versions of the `restored` editor with different content, which restores alternate between. */
  restorable: [string, string];
  /** A version of the `versioned` editor (25 versions), which the one-version read reads. */
  listedVersion: string;
  /** Versions `prepare` made for the delete request of the same index. */
  doomed: Map<number, string>;
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
    // Versions: a listing of 25 (a page of 20 read), and an editor restored back and forth.
    await api.call('crdt.add', editor('versioned', text(0, 'initial')));
    let listedVersion = '';
    for (let version = 1; version <= 25; version += 1) {
      ({ versionId: listedVersion } = await api.call<{ versionId: string }>('crdt.versions.create', {
        ...document,
        editorId: 'versioned',
        name: `v${version}`,
      }));
    }
    await api.call('crdt.add', editor('restored', text(0, 'initial')));
    const first = await api.call<{ versionId: string }>('crdt.versions.create', {
      ...document,
      editorId: 'restored',
    });
    await api.call('crdt.update', editor('restored', text(1, 'changed')));
    const second = await api.call<{ versionId: string }>('crdt.versions.create', {
      ...document,
      editorId: 'restored',
    });
    return {
      api,
      restorable: [first.versionId, second.versionId],
      listedVersion,
      doomed: new Map(),
    };
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
    'crdt.versions.create': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...document, editorId: 'read', name: `bench ${index}`, actionUser: { userId: 'alice' } },
      }),
    },
    'crdt.versions.get': [
      {
        // A page of 20 of the 25 versions, newest first (meta items only).
        request: (fixture) => ({
          headers: fixture.api.headers,
          data: { ...document, editorId: 'versioned' },
        }),
      },
      {
        variant: 'one',
        request: (fixture) => ({
          headers: fixture.api.headers,
          data: { ...document, editorId: 'versioned', versionId: fixture.listedVersion },
        }),
      },
    ],
    'crdt.versions.restore': {
      // Alternates between two versions, so every restore changes the content (and keeps a version).
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...document, editorId: 'restored', versionId: fixture.restorable[index % 2] },
      }),
    },
    'crdt.versions.delete': {
      async prepare(fixture, index) {
        const { versionId } = await fixture.api.call<{ versionId: string }>('crdt.versions.create', {
          ...document,
          editorId: 'live',
        });
        fixture.doomed.set(index, versionId);
      },
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { ...document, editorId: 'live', versionIds: [fixture.doomed.get(index) ?? 'none'] },
      }),
    },
  },
};
