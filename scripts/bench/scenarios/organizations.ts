import { type ApiKeyClient, type Area, ids, inChunks, newWorkspaceClient } from './types';

/**
 * One key with three kinds of organization: `directory-*` (ten, read by id), `tree` (200 folders,
 * ten levels deep) and `work` (20 folders, 20 documents), which the writing scenarios change and
 * then restore so every request sees the same tree.
 */
export interface OrganizationsFixture {
  api: ApiKeyClient;
}

const directoryIds = ids('directory-', 10);
const tree = 'tree';
const work = 'work';

/**
 * Ten levels of 20 folders: the first ten folders of each level have two children each, the rest
 * are leaves; top-level folders cycle through the access types, deeper ones alternate inheriting.
 */
const treeLevels = 10;
const treeWidth = 20;
const accessTypes = ['public', 'organizationPrivate', 'restricted'] as const;

function treeFolders() {
  return Array.from({ length: treeLevels * treeWidth }, (_, position) => {
    const level = Math.floor(position / treeWidth);
    const slot = position % treeWidth;
    return level === 0
      ? { folderId: `t0-${slot}`, accessType: accessTypes[slot % accessTypes.length] }
      : {
          folderId: `t${level}-${slot}`,
          parentFolderId: `t${level - 1}-${Math.floor(slot / 2)}`,
          inheritAccessFromParent: slot % 2 === 0,
        };
  });
}

/** `work`: four top-level folders with four subfolders each; five documents in each top-level folder. */
const workTop = ids('w-', 4);
const workFolders = [
  ...workTop.map((folderId) => ({ folderId })),
  ...ids('w-', 20)
    .slice(4)
    .map((folderId, index) => ({ folderId, parentFolderId: workTop[index % 4] })),
];
const workDocuments = ids('doc-', 20);

/** An organization with a little of everything, for `organizations.delete` to remove. */
async function seedSmallOrganization(api: ApiKeyClient, organizationId: string) {
  await api.call('organizations.folders.add', {
    organizationId,
    createOrganization: true,
    folders: [{ folderId: 'a' }, { folderId: 'b' }, { folderId: 'a1', parentFolderId: 'a' }],
  });
  await api.call('organizations.documents.add', {
    organizationId,
    folderId: 'a',
    documents: ids('doc-', 4).map((documentId) => ({ documentId })),
  });
  await api.call('users.add', {
    organizationId,
    users: ids('user-', 4).map((userId) => ({ userId, name: `User ${userId}` })),
  });
}

export const organizationsArea: Area<OrganizationsFixture> = {
  name: 'organizations',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'organizations');
    await api.call('organizations.add', {
      organizations: [...directoryIds, tree, work].map((organizationId) => ({
        organizationId,
        organizationName: `Bench ${organizationId}`,
        plan: 'team',
      })),
    });
    await inChunks(treeFolders(), 100, (folders) =>
      api.call('organizations.folders.add', { organizationId: tree, folders }),
    );
    await api.call('organizations.folders.add', { organizationId: work, folders: workFolders });
    for (const [slot, folderId] of workTop.entries()) {
      await api.call('organizations.documents.add', {
        organizationId: work,
        folderId,
        documents: workDocuments
          .slice(slot * 5, slot * 5 + 5)
          .map((documentId) => ({ documentId, documentName: `Document ${documentId}` })),
      });
    }
    return { api };
  },
  scenarios: {
    'organizations.add': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizations: [
            { organizationId: `added-${index}`, organizationName: `Added ${index}`, plan: 'team' },
          ],
        },
      }),
    },
    'organizations.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { organizationIds: directoryIds } }),
    },
    'organizations.delete': {
      prepare: (fixture, index) => seedSmallOrganization(fixture.api, `deleted-${index}`),
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationIds: [`deleted-${index}`] },
      }),
    },
    'organizations.folders.add': {
      // Deletes the previous request's folder first, so `work` keeps its size.
      prepare: async (fixture, index) => {
        if (index === 0) return;
        await fixture.api.call('organizations.folders.delete', {
          organizationId: work,
          folderId: `added-${index - 1}`,
        });
      },
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId: work,
          folders: [{ folderId: `added-${index}`, folderName: `Added ${index}`, parentFolderId: 'w-1' }],
        },
      }),
    },
    'organizations.folders.get': {
      // The whole 200-folder tree, nested ten levels deep.
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: { organizationId: tree, maxDepth: treeLevels },
      }),
    },
    'organizations.folders.update': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId: work,
          folders: [{ folderId: 'w-2', folderName: index % 2 === 0 ? 'Renamed' : 'Original' }],
        },
      }),
    },
    'organizations.folders.delete': {
      // A folder with two subfolders and two documents, under `w-3`.
      prepare: async (fixture, index) => {
        const folderId = `gone-${index}`;
        await fixture.api.call('organizations.folders.add', {
          organizationId: work,
          folders: [
            { folderId, parentFolderId: 'w-3' },
            { folderId: `${folderId}-a`, parentFolderId: folderId },
            { folderId: `${folderId}-b`, parentFolderId: folderId },
          ],
        });
        await fixture.api.call('organizations.documents.add', {
          organizationId: work,
          folderId,
          documents: [{ documentId: `${folderId}-doc-a` }, { documentId: `${folderId}-doc-b` }],
        });
      },
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationId: work, folderId: `gone-${index}` },
      }),
    },
    'organizations.documents.add': {
      // Deletes the previous request's document first, so `work` keeps its size.
      prepare: async (fixture, index) => {
        if (index === 0) return;
        await fixture.api.call('organizations.documents.delete', {
          organizationId: work,
          documentIds: [`added-doc-${index - 1}`],
        });
      },
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId: work,
          folderId: 'w-0',
          documents: [{ documentId: `added-doc-${index}`, documentName: `Added ${index}` }],
        },
      }),
    },
    'organizations.documents.get': {
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: { organizationId: work, documentIds: workDocuments.slice(0, 10) },
      }),
    },
    'organizations.documents.delete': {
      prepare: (fixture, index) =>
        fixture.api.call('organizations.documents.add', {
          organizationId: work,
          folderId: 'w-0',
          documents: [{ documentId: `gone-doc-${index}` }],
        }),
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationId: work, documentIds: [`gone-doc-${index}`] },
      }),
    },
  },
};
