import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;
const organizationId = 'org';

/** a ─ b ─ c, a ─ d, e (top level) */
async function seedTree() {
  await succeed(workspace, 'organizations.folders.add', {
    organizationId,
    createOrganization: true,
    folders: [
      { folderId: 'a', folderName: 'A' },
      { folderId: 'b', parentFolderId: 'a' },
      { folderId: 'c', parentFolderId: 'b', accessType: 'restricted' },
      { folderId: 'd', parentFolderId: 'a' },
      { folderId: 'e', parentFolderId: 'root' },
    ],
  });
}

const byId = (folders: any[]): Record<string, any> =>
  Object.fromEntries(folders.map((folder) => [folder.folderId, folder]));

beforeEach(async () => {
  workspace = await createTestWorkspace();
});

describe('organizations.folders.add', () => {
  it('adds nested folders with root as the top parent and ancestors from root down', async () => {
    const before = Date.now();
    await seedTree();
    const folders = byId(await succeed(workspace, 'organizations.folders.get', { organizationId }));
    expect(folders.a).toMatchObject({
      parentFolderId: 'root',
      ancestors: ['root'],
      folderName: 'A',
      organizationId,
    });
    expect(folders.c).toMatchObject({
      parentFolderId: 'b',
      ancestors: ['root', 'a', 'b'],
      accessType: 'restricted',
    });
    expect(folders.a.apiKey).toBe(workspace.apiKey);
    expect(folders.a.createdAt).toBeGreaterThanOrEqual(before);
    expect(folders.a.lastUpdated).toBeGreaterThanOrEqual(folders.a.createdAt);
    expect(folders.a.subFolders).toBeUndefined();
  });

  it('fails per item for an existing folder or a missing parent, and adds the rest', async () => {
    await seedTree();
    const data = await succeed(workspace, 'organizations.folders.add', {
      organizationId,
      folders: [
        { folderId: 'a' },
        { folderId: 'x', parentFolderId: 'nope' },
        { folderId: 'y', parentFolderId: 'e' },
      ],
    });
    expect(data.a.success).toBe(false);
    expect(data.x).toMatchObject({ success: false, message: 'Parent folder nope does not exist.' });
    expect(data.y.success).toBe(true);
  });

  it('needs createOrganization for a missing organization', async () => {
    const response = await callAs(workspace, 'organizations.folders.add', {
      organizationId: 'new',
      folders: [{ folderId: 'f' }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json.error?.status).toBe('NOT_FOUND');
  });

  it.each([
    [{ organizationId, folders: [{ folderId: 'root' }] }, 'folders[0].folderId'],
    [{ organizationId, folders: [{ folderId: 'f', accessType: 'secret' }] }, 'folders[0].accessType'],
    [{ organizationId: '', folders: [{ folderId: 'f' }] }, 'organizationId'],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (data, path) => {
    const response = await callAs(workspace, 'organizations.folders.add', data);
    expect(response.json.error?.details?.issues[0].path).toBe(path);
  });
});

describe('organizations.folders.get', () => {
  beforeEach(seedTree);

  it('returns one folder with its immediate children when maxDepth is omitted', async () => {
    const [a] = await succeed(workspace, 'organizations.folders.get', { organizationId, folderId: 'a' });
    expect(a.folderId).toBe('a');
    expect(a.subFolders.map((folder: { folderId: string }) => folder.folderId)).toEqual(['b', 'd']);
    expect(a.subFolders[0].subFolders).toBeUndefined();
  });

  it('nests subfolders to maxDepth', async () => {
    const [a] = await succeed(workspace, 'organizations.folders.get', {
      organizationId,
      folderId: 'a',
      maxDepth: 2,
    });
    expect(a.subFolders[0].subFolders.map((folder: { folderId: string }) => folder.folderId)).toEqual(['c']);
    const top = await succeed(workspace, 'organizations.folders.get', { organizationId, maxDepth: 1 });
    expect(top.map((folder: { folderId: string }) => folder.folderId)).toEqual(['a', 'e']);
  });

  it('reads a whole organization with one Query beside the auth read', async () => {
    const response = await callAs(workspace, 'organizations.folders.get', { organizationId, maxDepth: 50 });
    expect([...response.db.commands].sort()).toEqual(['GetItem', 'Query']);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('answers NOT_FOUND for a missing folder', async () => {
    const response = await callAs(workspace, 'organizations.folders.get', {
      organizationId,
      folderId: 'zzz',
    });
    expect(response.json.error?.status).toBe('NOT_FOUND');
  });
});

describe('organizations.folders.update', () => {
  beforeEach(seedTree);

  it('moves a folder with its whole subtree', async () => {
    const data = await succeed(workspace, 'organizations.folders.update', {
      organizationId,
      folders: [{ folderId: 'b', parentFolderId: 'e', folderName: 'B moved' }],
    });
    expect(data.b).toEqual({ success: true, id: 'b', message: 'Folder updated.' });
    const folders = byId(await succeed(workspace, 'organizations.folders.get', { organizationId }));
    expect(folders.b).toMatchObject({ parentFolderId: 'e', ancestors: ['root', 'e'], folderName: 'B moved' });
    expect(folders.c.ancestors).toEqual(['root', 'e', 'b']);
    expect(folders.d.ancestors).toEqual(['root', 'a']);
  });

  it('refuses a move into the folder itself or its own subtree, writing nothing', async () => {
    for (const parentFolderId of ['c', 'a']) {
      const response = await callAs(workspace, 'organizations.folders.update', {
        organizationId,
        folders: [
          { folderId: 'e', folderName: 'renamed' },
          { folderId: 'a', parentFolderId },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json.error?.details?.issues[0].path).toBe('folders[1].parentFolderId');
    }
    const folders = byId(await succeed(workspace, 'organizations.folders.get', { organizationId }));
    expect(folders.e.folderName).toBe('e');
    expect(folders.a.parentFolderId).toBe('root');
  });

  it('reports a missing folder as failed inside a success body', async () => {
    const data = await succeed(workspace, 'organizations.folders.update', {
      organizationId,
      folders: [{ folderId: 'missing', folderName: 'x' }],
    });
    expect(data.missing.success).toBe(false);
  });
});

describe('organizations.folders.delete', () => {
  it('deletes the folder, its subfolders and their documents', async () => {
    await seedTree();
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      folderId: 'c',
      documents: [{ documentId: 'in-c' }],
    });
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      folderId: 'e',
      documents: [{ documentId: 'in-e' }],
    });
    await succeed(workspace, 'organizations.folders.delete', { organizationId, folderId: 'b' });
    const folders = await succeed(workspace, 'organizations.folders.get', { organizationId });
    expect(folders.map((folder: { folderId: string }) => folder.folderId).sort()).toEqual(['a', 'd', 'e']);
    const documents = await succeed(workspace, 'organizations.documents.get', { organizationId });
    expect(documents.map((document: { id: string }) => document.id)).toEqual(['in-e']);
  });
});
