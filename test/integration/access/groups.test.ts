import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;
const organizationId = 'org';
const organizationUserGroupId = 'eng';

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await succeed(workspace, 'users.add', {
    organizationId,
    users: Array.from({ length: 20 }, (_, index) => ({ userId: `u${index}` })),
  });
  await succeed(workspace, 'organizations.usergroups.add', {
    organizationId,
    organizationUserGroups: [{ groupId: organizationUserGroupId, groupName: 'Engineering' }],
  });
});

describe('organizations.usergroups.add / get', () => {
  it('creates and renames groups, which start empty', async () => {
    await succeed(workspace, 'organizations.usergroups.add', {
      organizationId,
      organizationUserGroups: [
        { groupId: organizationUserGroupId, groupName: 'Eng' },
        { groupId: 'ops', groupName: 'Ops' },
      ],
    });
    expect(await succeed(workspace, 'organizations.usergroups.get', { organizationId })).toEqual([
      { groupId: 'eng', groupName: 'Eng', userIds: [] },
      { groupId: 'ops', groupName: 'Ops', userIds: [] },
    ]);
  });

  it('needs createOrganization for a missing organization', async () => {
    const response = await callAs(workspace, 'organizations.usergroups.add', {
      organizationId: 'missing',
      organizationUserGroups: [{ groupId: 'g', groupName: 'G' }],
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('organizations.usergroups.users.add', () => {
  it('adds organization members and refuses others per user', async () => {
    await succeed(workspace, 'users.add', {
      organizationId,
      documentId: 'd',
      createDocument: true,
      users: [{ userId: 'doc-only' }],
    });
    const data = await succeed(workspace, 'organizations.usergroups.users.add', {
      organizationId,
      organizationUserGroupId,
      userIds: ['u1', 'doc-only', 'stranger'],
    });
    expect(data.u1).toEqual({ success: true, organizationUserGroupId, message: 'User added to the group.' });
    expect(data['doc-only']).toMatchObject({ success: false, organizationUserGroupId });
    expect(data.stranger.success).toBe(false);
  });

  it('keeps every member when adds run in parallel', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        succeed(workspace, 'organizations.usergroups.users.add', {
          organizationId,
          organizationUserGroupId,
          userIds: [`u${index}`],
        }),
      ),
    );
    const [group] = await succeed(workspace, 'organizations.usergroups.get', {
      organizationId,
      groupIds: [organizationUserGroupId],
    });
    expect(group.userIds).toHaveLength(20);
  });

  it('answers NOT_FOUND for a missing group', async () => {
    const response = await callAs(workspace, 'organizations.usergroups.users.add', {
      organizationId,
      organizationUserGroupId: 'nope',
      userIds: ['u1'],
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('organizations.usergroups.users.delete', () => {
  beforeEach(async () => {
    await succeed(workspace, 'organizations.usergroups.users.add', {
      organizationId,
      organizationUserGroupId,
      userIds: ['u1', 'u2', 'u3'],
    });
  });

  it('removes the listed users', async () => {
    const data = await succeed(workspace, 'organizations.usergroups.users.delete', {
      organizationId,
      organizationUserGroupId,
      userIds: ['u1'],
    });
    expect(data.u1).toEqual({
      success: true,
      organizationUserGroupId,
      message: 'User removed from the group.',
    });
    const [group] = await succeed(workspace, 'organizations.usergroups.get', {
      organizationId,
      groupIds: [organizationUserGroupId],
    });
    expect(group.userIds).toEqual(['u2', 'u3']);
  });

  it('removes everyone with deleteAll, reporting each removed user', async () => {
    const data = await succeed(workspace, 'organizations.usergroups.users.delete', {
      organizationId,
      organizationUserGroupId,
      deleteAll: true,
    });
    expect(Object.keys(data).sort()).toEqual(['u1', 'u2', 'u3']);
    const [group] = await succeed(workspace, 'organizations.usergroups.get', {
      organizationId,
      groupIds: [organizationUserGroupId],
    });
    expect(group.userIds).toEqual([]);
  });

  it('needs userIds unless deleteAll is true', async () => {
    const response = await callAs(workspace, 'organizations.usergroups.users.delete', {
      organizationId,
      organizationUserGroupId,
    });
    expect(response.json.error?.details?.issues[0].path).toBe('userIds');
  });
});
