import { latestExpiresAtSeconds } from '../../../shared/access/schemas';
import { callAs, succeed } from '../../support/api';
import { holdDate } from '../../support/held-date';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;
const organizationId = 'org';
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/**
 * org: members `member` (editor) and `viewer-member` (viewer); `outsider` belongs nowhere.
 * Folders: `open` (public), `team` (organizationPrivate), `vault` (restricted) with `sub` inheriting.
 * Documents: one per folder plus `loose` (no folder, public).
 */
async function seed() {
  await succeed(workspace, 'users.add', {
    organizationId,
    users: [{ userId: 'member' }, { userId: 'viewer-member', accessRole: 'viewer' }],
  });
  await succeed(workspace, 'organizations.folders.add', {
    organizationId,
    folders: [
      { folderId: 'open' },
      { folderId: 'team', accessType: 'organizationPrivate' },
      { folderId: 'vault', accessType: 'restricted' },
      { folderId: 'sub', parentFolderId: 'vault', inheritAccessFromParent: true },
    ],
  });
  for (const folderId of ['open', 'team', 'vault', 'sub']) {
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      folderId,
      documents: [{ documentId: `${folderId}-doc` }],
    });
  }
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId: 'loose' }],
  });
}

const lookup = (data: Record<string, unknown>) =>
  succeed(workspace, 'auth.permissions.get', { organizationId, ...data });

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await seed();
});

describe('auth.permissions.get', () => {
  it('answers per user with organization, folder and document maps by the access type rules', async () => {
    const data = await lookup({
      userIds: ['member', 'viewer-member', 'outsider'],
      folderIds: ['open', 'team', 'vault'],
      documentIds: ['loose', 'team-doc', 'sub-doc'],
    });
    expect(data.member.organization[organizationId]).toEqual({
      accessRole: 'editor',
      accessType: 'organizationPrivate',
    });
    expect(data.member.folders.open).toEqual({ accessRole: 'editor', accessType: 'public' });
    expect(data.member.folders.team).toEqual({ accessRole: 'editor', accessType: 'organizationPrivate' });
    expect(data.member.folders.vault).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
    expect(data.member.folders.vault.error).toEqual(expect.any(String));
    expect(data.member.documents['sub-doc']).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
    expect(data['viewer-member'].documents['team-doc']).toEqual({
      accessRole: 'viewer',
      accessType: 'organizationPrivate',
    });
    expect(data.outsider.organization[organizationId]).toMatchObject({ errorCode: 'permission_denied' });
    expect(data.outsider.documents.loose).toEqual({ accessRole: 'editor', accessType: 'public' });
    expect(data.outsider.documents['team-doc']).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'organizationPrivate',
    });
    expect(data.member.context).toBeUndefined();
  });

  it('gives restricted access through folder membership, covering subfolders and their documents', async () => {
    await succeed(workspace, 'users.add', {
      organizationId,
      folderId: 'vault',
      users: [{ userId: 'keeper', accessRole: 'viewer' }],
    });
    const data = await lookup({
      userIds: ['keeper'],
      folderIds: ['vault', 'sub'],
      documentIds: ['sub-doc', 'team-doc'],
    });
    expect(data.keeper.folders.sub).toEqual({ accessRole: 'viewer', accessType: 'restricted' });
    expect(data.keeper.documents['sub-doc']).toEqual({ accessRole: 'viewer', accessType: 'restricted' });
    expect(data.keeper.documents['team-doc']).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('fails the whole call with NOT_FOUND for a missing folder or document, with the per-user structure in details', async () => {
    const response = await callAs(workspace, 'auth.permissions.get', {
      organizationId,
      userIds: ['member'],
      folderIds: ['open', 'no-folder'],
      documentIds: ['no-doc'],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json.error?.status).toBe('NOT_FOUND');
    expect(response.json.error?.message).toMatch(/does not exist/);
    const details = response.json.error?.details;
    expect(details.member.folders['no-folder']).toMatchObject({ errorCode: 'does_not_exist' });
    expect(details.member.folders['no-folder'].error).toEqual(expect.any(String));
    expect(details.member.documents['no-doc']).toMatchObject({ errorCode: 'does_not_exist' });
    expect(details.member.folders.open).toEqual({ accessRole: 'editor', accessType: 'public' });
  });

  it('lets a moved folder carry its documents into the new parent’s access', async () => {
    await succeed(workspace, 'organizations.folders.update', {
      organizationId,
      folders: [{ folderId: 'open', parentFolderId: 'vault' }],
    });
    await succeed(workspace, 'organizations.folders.update', {
      organizationId,
      folders: [{ folderId: 'open', inheritAccessFromParent: true }],
    });
    const data = await lookup({ userIds: ['member'], documentIds: ['open-doc'] });
    expect(data.member.documents['open-doc']).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
  });

  it('reports temporary grants with expiresAt and stops counting them the moment they pass', async () => {
    // The service's clock is held (timers and I/O stay real), so the grant's two seconds pass only
    // when the test moves it, however slow the machine.
    holdDate(Date.now());
    try {
      const expiresAt = inSeconds(2);
      await succeed(workspace, 'auth.permissions.add', {
        user: { userId: 'member' },
        permissions: {
          resources: [{ type: 'document', id: 'vault-doc', organizationId, accessRole: 'viewer', expiresAt }],
        },
      });
      const before = await lookup({ userIds: ['member'], documentIds: ['vault-doc'] });
      expect(before.member.documents['vault-doc']).toEqual({
        accessRole: 'viewer',
        accessType: 'restricted',
        expiresAt,
      });
      jest.setSystemTime(expiresAt * 1000 - 1);
      const last = await lookup({ userIds: ['member'], documentIds: ['vault-doc'] });
      expect(last.member.documents['vault-doc']).toMatchObject({ accessRole: 'viewer', expiresAt });
      jest.setSystemTime(expiresAt * 1000);
      const after = await lookup({ userIds: ['member'], documentIds: ['vault-doc'] });
      expect(after.member.documents['vault-doc']).toMatchObject({ errorCode: 'permission_denied' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('surfaces context grants as context.accessFields', async () => {
    await succeed(workspace, 'auth.permissions.add', {
      user: { userId: 'member' },
      permissions: {
        resources: [
          { type: 'context', id: 'ctx', organizationId, context: { access: { team: 'red', level: 3 } } },
        ],
      },
    });
    const data = await lookup({ userIds: ['member'] });
    expect(data.member.context).toEqual({ accessFields: ['level:3', 'team:red'] });
  });

  it('does not let user groups grant access', async () => {
    await succeed(workspace, 'organizations.usergroups.add', {
      organizationId,
      organizationUserGroups: [{ groupId: 'g', groupName: 'G' }],
    });
    const added = await succeed(workspace, 'organizations.usergroups.users.add', {
      organizationId,
      organizationUserGroupId: 'g',
      userIds: ['member', 'outsider'],
    });
    expect(added.outsider.success).toBe(false);
    const data = await lookup({ userIds: ['member'], documentIds: ['vault-doc'] });
    expect(data.member.documents['vault-doc']).toMatchObject({ errorCode: 'permission_denied' });
  });

  it("answers NOT_FOUND for another API key's organization", async () => {
    const other = await createTestWorkspace();
    const response = await callAs(other, 'auth.permissions.get', { organizationId, userIds: ['member'] });
    expect(response.statusCode).toBe(404);
  });
});

describe('auth.permissions.get budget', () => {
  it('resolves 100 users × 100 folders and documents in at most 4 DynamoDB calls', async () => {
    const folderIds = Array.from({ length: 50 }, (_, index) => `bf-${index}`);
    const documentIds = Array.from({ length: 50 }, (_, index) => `bd-${index}`);
    const userIds = Array.from({ length: 100 }, (_, index) => `bu-${index}`);
    await succeed(workspace, 'organizations.folders.add', {
      organizationId,
      folders: folderIds.map((folderId) => ({ folderId })),
    });
    await succeed(workspace, 'organizations.documents.add', {
      organizationId,
      documents: documentIds.map((documentId) => ({ documentId })),
    });
    await succeed(workspace, 'users.add', { organizationId, users: userIds.map((userId) => ({ userId })) });
    const small = await callAs(workspace, 'auth.permissions.get', {
      organizationId,
      userIds: ['bu-1'],
      documentIds: ['bd-1'],
    });
    const large = await callAs(workspace, 'auth.permissions.get', {
      organizationId,
      userIds,
      folderIds,
      documentIds,
    });
    expect(large.statusCode).toBe(200);
    expect(Object.keys(large.json.result?.data)).toHaveLength(100);
    // The auth read, then in parallel: the tree Query and one BatchGet per 100 document and user keys.
    expect(small.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem', 'Query']);
    expect(large.db.commands.sort()).toEqual(['BatchGetItem', 'BatchGetItem', 'GetItem', 'Query']);
    expect(large.db.commands).not.toContain('Scan');
  });
});

describe('auth.permissions.add and remove', () => {
  it('grants a role on a restricted folder, and removing the grant takes it back', async () => {
    await succeed(workspace, 'auth.permissions.add', {
      user: { userId: 'outsider' },
      permissions: { resources: [{ type: 'folder', id: 'vault', organizationId, accessRole: 'viewer' }] },
    });
    const granted = await lookup({ userIds: ['outsider'], documentIds: ['sub-doc'] });
    expect(granted.outsider.documents['sub-doc']).toEqual({ accessRole: 'viewer', accessType: 'restricted' });
    await succeed(workspace, 'auth.permissions.remove', {
      userId: 'outsider',
      permissions: { resources: [{ type: 'folder', id: 'vault', organizationId }] },
    });
    const removed = await lookup({ userIds: ['outsider'], documentIds: ['sub-doc'] });
    expect(removed.outsider.documents['sub-doc']).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('removes a grant named twice in one request', async () => {
    const grant = { type: 'folder', id: 'vault', organizationId };
    await succeed(workspace, 'auth.permissions.add', {
      user: { userId: 'twice' },
      permissions: { resources: [{ ...grant, accessRole: 'viewer' }] },
    });
    await succeed(workspace, 'auth.permissions.remove', {
      userId: 'twice',
      permissions: { resources: [grant, grant] },
    });
    const removed = await lookup({ userIds: ['twice'], documentIds: ['sub-doc'] });
    expect(removed.twice.documents['sub-doc']).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('refuses a grant on a missing resource with NOT_FOUND and writes nothing', async () => {
    const response = await callAs(workspace, 'auth.permissions.add', {
      user: { userId: 'outsider' },
      permissions: {
        resources: [
          { type: 'organization', id: organizationId },
          { type: 'document', id: 'ghost', organizationId },
        ],
      },
    });
    expect(response.statusCode).toBe(404);
    const data = await lookup({ userIds: ['outsider'] });
    expect(data.outsider.organization[organizationId]).toMatchObject({ errorCode: 'permission_denied' });
  });

  it.each([
    [
      { type: 'document', id: 'loose', organizationId, expiresAt: inSeconds(-10) },
      'permissions.resources[0].expiresAt',
    ],
    [
      { type: 'document', id: 'loose', organizationId, expiresAt: inSeconds(60) + 0.5 },
      'permissions.resources[0].expiresAt',
    ],
    [
      { type: 'document', id: 'loose', organizationId, expiresAt: Date.now() + 60_000 },
      'permissions.resources[0].expiresAt',
    ],
    [
      { type: 'context', id: 'c', organizationId, context: { access: { a: 1 } }, expiresAt: Date.now() },
      'permissions.resources[0].expiresAt',
    ],
    [
      { type: 'document', id: 'loose', organizationId, accessRole: 'owner' },
      'permissions.resources[0].accessRole',
    ],
    [{ type: 'document', id: 'loose' }, 'permissions.resources[0].organizationId'],
    [{ type: 'team', id: 'loose', organizationId }, 'permissions.resources[0].type'],
    [{ type: 'context', id: 'c', organizationId }, 'permissions.resources[0].context'],
    [{ type: 'document', id: 'x'.repeat(257), organizationId }, 'permissions.resources[0].id'],
  ])('refuses %j with INVALID_ARGUMENT naming %s', async (resource, path) => {
    const response = await callAs(workspace, 'auth.permissions.add', {
      user: { userId: 'outsider' },
      permissions: { resources: [resource] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.details?.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('names the unit when expiresAt looks like epoch milliseconds, and takes the year 3000 in seconds', async () => {
    const grant = (expiresAt: number) =>
      callAs(workspace, 'auth.permissions.add', {
        user: { userId: 'outsider' },
        permissions: { resources: [{ type: 'organization', id: organizationId, expiresAt }] },
      });
    const refused = await grant(Date.now() + 3_600_000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message:
        'permissions.resources[0].expiresAt: must be Unix seconds (this looks like milliseconds: after the year 3000)',
    });
    expect((await grant(latestExpiresAtSeconds)).statusCode).toBe(200);
  });

  it('refuses more than 100 users in a lookup', async () => {
    const userIds = Array.from({ length: 101 }, (_, index) => `u${index}`);
    const response = await callAs(workspace, 'auth.permissions.get', { organizationId, userIds });
    expect(response.json.error?.details?.issues[0].path).toBe('userIds');
  });
});
