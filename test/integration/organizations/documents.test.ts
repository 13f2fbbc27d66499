import { callAs, succeed } from '../../support/api';
import { dataOf } from '../../support/lambda';
import { givenOrganizationWithFolders } from '../../support/organizations';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;
const organizationId = 'org';

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await givenOrganizationWithFolders(workspace, organizationId, [
    { folderId: 'private', accessType: 'restricted' },
    { folderId: 'open' },
  ]);
});

describe('organizations.documents.add', () => {
  it('adds documents into a folder; they inherit its access type unless they set their own', async () => {
    const data = await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      folderId: 'private',
      documents: [
        { documentId: 'd1', documentName: 'Plan' },
        { documentId: 'd2', accessType: 'public' },
      ],
    });
    expect(data.d1).toEqual({ success: true, id: 'd1', message: 'Document added.' });
    const documents = await succeed(workspace, 'organizations.documents.get', {
      organizationId,
      documentIds: ['d1', 'd2'],
    });
    expect(documents).toEqual(
      expect.arrayContaining([
        { id: 'd1', documentName: 'Plan', folderId: 'private', accessType: 'restricted', disabled: false },
        { id: 'd2', documentName: 'd2', folderId: 'private', accessType: 'public', disabled: false },
      ]),
    );
  });

  it('creates a missing organization for documents outside any folder', async () => {
    await succeed(workspace, 'organizations.documents.add', {
      organizationId: 'fresh',
      documents: [{ documentId: 'x' }],
    });
    const [document] = await succeed(workspace, 'organizations.documents.get', { organizationId: 'fresh' });
    expect(document).toEqual({ id: 'x', documentName: 'x', accessType: 'public', disabled: false });
  });

  it('refuses a folder that is not in the organization, writing nothing', async () => {
    await succeed(workspace, 'organizations.folders.add', {
      organizationId: 'other-org',
      createOrganization: true,
      folders: [{ folderId: 'theirs' }],
    });
    const response = await callAs(workspace, 'organizations.documents.add', {
      organizationId,
      folderId: 'theirs',
      documents: [{ documentId: 'moved' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.details?.issues[0].path).toBe('folderId');
    expect(
      await succeed(workspace, 'organizations.documents.get', { organizationId, documentIds: ['moved'] }),
    ).toEqual([]);
  });
});

describe('organizations.documents.get', () => {
  it("pages through an organization's or a folder's documents with full pages", async () => {
    const ids = Array.from({ length: 9 }, (_, index) => `doc-${index}`);
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      folderId: 'open',
      documents: ids.filter((_, index) => index % 3 === 0).map((documentId) => ({ documentId })),
    });
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      documents: ids.filter((_, index) => index % 3 !== 0).map((documentId) => ({ documentId })),
    });
    const walk = async (filter: Record<string, unknown>) => {
      const pages: string[][] = [];
      let pageToken: string | undefined;
      do {
        const response = await callAs(workspace, 'organizations.documents.get', {
          organizationId,
          pageSize: 2,
          ...filter,
          ...(pageToken && { pageToken }),
        });
        pages.push(dataOf(response).map((document: { id: string }) => document.id));
        pageToken = response.json.result?.pageToken;
      } while (pageToken);
      return pages;
    };
    const all = await walk({});
    expect(all.flat().sort()).toEqual(ids);
    const inFolder = await walk({ folderId: 'open' });
    expect(inFolder.flat().sort()).toEqual(['doc-0', 'doc-3', 'doc-6']);
    expect(inFolder.map((page) => page.length)).toEqual([2, 1]);
  });

  it('refuses a page token issued for another folder', async () => {
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      folderId: 'open',
      documents: [{ documentId: 'a' }, { documentId: 'b' }, { documentId: 'c' }],
    });
    const first = await callAs(workspace, 'organizations.documents.get', {
      organizationId,
      folderId: 'open',
      pageSize: 1,
    });
    const response = await callAs(workspace, 'organizations.documents.get', {
      organizationId,
      pageSize: 1,
      pageToken: first.json.result?.pageToken,
    });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
  });
});

describe('organizations.documents.delete', () => {
  it('deletes documents and reports a missing one as success with a does-not-exist message', async () => {
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId: 'd' }],
    });
    const data = await succeed(workspace, 'organizations.documents.delete', {
      organizationId,
      documentIds: ['d', 'ghost'],
    });
    expect(data.d).toEqual({ success: true, id: 'd', message: 'Document deleted.' });
    expect(data.ghost).toEqual({ success: true, id: 'ghost', message: 'Document does not exist.' });
    expect(
      await succeed(workspace, 'organizations.documents.get', { organizationId, documentIds: ['d'] }),
    ).toEqual([]);
  });
});
