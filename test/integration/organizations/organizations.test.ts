import { callAs, succeed } from '../../support/api';
import { dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await createTestWorkspace();
});

describe('organizations.add', () => {
  it('adds organizations with metadata and reports each one', async () => {
    const data = await succeed(workspace, 'organizations.add', {
      organizations: [
        { organizationId: 'org-1', organizationName: 'Acme', plan: 'pro', seats: 5 },
        { organizationId: 'org-2' },
      ],
    });
    expect(data).toEqual({
      'org-1': { success: true, id: 'org-1', message: 'Organization added.' },
      'org-2': { success: true, id: 'org-2', message: 'Organization added.' },
    });
    const listed = await succeed(workspace, 'organizations.get', { organizationIds: ['org-1', 'org-2'] });
    expect(listed).toEqual([
      { id: 'org-1', organizationName: 'Acme', disabled: false, plan: 'pro', seats: 5 },
      { id: 'org-2', organizationName: 'org-2', disabled: false },
    ]);
  });

  it('updates an existing organization, keeping metadata not sent', async () => {
    await succeed(workspace, 'organizations.add', {
      organizations: [{ organizationId: 'o', organizationName: 'A', plan: 'x' }],
    });
    const data = await succeed(workspace, 'organizations.add', {
      organizations: [{ organizationId: 'o', region: 'eu' }],
    });
    expect(data.o.message).toBe('Organization updated.');
    const [organization] = await succeed(workspace, 'organizations.get', { organizationIds: ['o'] });
    expect(organization).toEqual({
      id: 'o',
      organizationName: 'A',
      disabled: false,
      plan: 'x',
      region: 'eu',
    });
  });

  it.each([
    [{ organizations: [{ organizationId: '' }] }, 'organizations[0].organizationId'],
    [{ organizations: [{ organizationId: 'x'.repeat(257) }] }, 'organizations[0].organizationId'],
    [{ organizations: [{ organizationId: 7 }] }, 'organizations[0].organizationId'],
    [{ organizations: [] }, 'organizations'],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (data, path) => {
    const response = await callAs(workspace, 'organizations.add', data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.details?.issues[0].path).toBe(path);
  });
});

describe('organizations.get', () => {
  it('pages through all organizations with opaque tokens, each exactly once', async () => {
    const ids = Array.from({ length: 7 }, (_, index) => `org-${index}`);
    await succeed(workspace, 'organizations.add', {
      organizations: ids.map((organizationId) => ({ organizationId })),
    });
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const response = await callAs(workspace, 'organizations.get', {
        pageSize: 3,
        ...(pageToken && { pageToken }),
      });
      seen.push(...dataOf(response).map((organization: { id: string }) => organization.id));
      pageToken = response.json.result?.nextPageToken;
    } while (pageToken);
    expect(seen.sort()).toEqual(ids);
  });

  it("never shows another API key's organizations", async () => {
    const other = await createTestWorkspace();
    await succeed(other, 'organizations.add', { organizations: [{ organizationId: 'shared-name' }] });
    expect(await succeed(workspace, 'organizations.get', {})).toEqual([]);
    expect(await succeed(workspace, 'organizations.get', { organizationIds: ['shared-name'] })).toEqual([]);
  });
});

describe('organizations.delete', () => {
  it('deletes an organization with its contents, and reports a missing one as failed', async () => {
    await succeed(workspace, 'users.add', { organizationId: 'gone', users: [{ userId: 'u1' }] });
    await succeed(workspace, 'organizations.folders.add', {
      organizationId: 'gone',
      folders: [{ folderId: 'f' }],
    });
    const data = await succeed(workspace, 'organizations.delete', { organizationIds: ['gone', 'never'] });
    expect(data.gone).toEqual({ success: true, id: 'gone', message: 'Organization deleted.' });
    expect(data.never.success).toBe(false);
    expect(await succeed(workspace, 'organizations.get', { organizationIds: ['gone'] })).toEqual([]);
    const folders = await callAs(workspace, 'organizations.folders.get', { organizationId: 'gone' });
    expect(folders.statusCode).toBe(404);
    expect((await callAs(workspace, 'users.get', { organizationId: 'gone' })).statusCode).toBe(404);
    // Its data is erased in the background (test/integration/lifecycle/); created again meanwhile,
    // it is a new incarnation and starts empty (decisions §41).
    const again = await succeed(workspace, 'organizations.add', {
      organizations: [{ organizationId: 'gone' }],
    });
    expect(again.gone).toEqual({ success: true, id: 'gone', message: 'Organization added.' });
    expect(await succeed(workspace, 'users.get', { organizationId: 'gone' })).toEqual([]);
    expect(await succeed(workspace, 'organizations.folders.get', { organizationId: 'gone' })).toEqual([]);
  });
});
