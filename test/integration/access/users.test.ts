import { callAs, succeed } from '../../support/api';
import { dataOf } from '../../support/lambda';
import { givenUserGroup } from '../../support/organizations';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;
const organizationId = 'org';

beforeEach(async () => {
  workspace = await createTestWorkspace();
});

describe('users.add', () => {
  it('adds users to the organization, creating it, with initials derived from names', async () => {
    const data = await succeed(workspace, 'users.add', {
      organizationId,
      users: [
        { userId: 'ada', name: 'ada Lovelace', email: 'ada@example.com', accessRole: 'viewer' },
        { userId: 'bob', name: 'Bob', initial: 'BB' },
        { userId: 'cy' },
      ],
    });
    expect(data.ada).toEqual({ success: true, id: 'ada', message: 'User added to the organization.' });
    const contacts = await succeed(workspace, 'users.get', { organizationId });
    expect(contacts).toEqual([
      { userId: 'ada', name: 'ada Lovelace', email: 'ada@example.com', accessRole: 'viewer', initial: 'A' },
      { userId: 'bob', name: 'Bob', email: '', accessRole: 'editor', initial: 'BB' },
      { userId: 'cy', name: '', email: '', accessRole: 'editor', initial: 'C' },
    ]);
    expect(await succeed(workspace, 'organizations.get', { organizationIds: [organizationId] })).toHaveLength(
      1,
    );
  });

  it('adds users to a folder only or a document only, not to the organization', async () => {
    await succeed(workspace, 'users.add', {
      organizationId,
      folderId: 'f',
      createFolder: true,
      users: [{ userId: 'f-user' }],
    });
    await succeed(workspace, 'users.add', {
      organizationId,
      documentId: 'd',
      createDocument: true,
      users: [{ userId: 'd-user' }],
    });
    expect(await succeed(workspace, 'users.get', { organizationId })).toEqual([]);
    const folderContacts = await succeed(workspace, 'users.get', { organizationId, folderId: 'f' });
    expect(folderContacts.map((user: { userId: string }) => user.userId)).toEqual(['f-user']);
    const documentContacts = await succeed(workspace, 'users.get', { organizationId, documentId: 'd' });
    expect(documentContacts.map((user: { userId: string }) => user.userId)).toEqual(['d-user']);
  });

  it('needs createFolder / createDocument for a missing folder or document', async () => {
    for (const data of [
      { organizationId, folderId: 'nope', users: [{ userId: 'u' }] },
      { organizationId, documentId: 'nope', users: [{ userId: 'u' }] },
    ]) {
      const response = await callAs(workspace, 'users.add', data);
      expect(response.statusCode).toBe(404);
    }
  });

  it('writes 100 users with one transaction after one read, then re-checks their connections', async () => {
    const users = Array.from({ length: 100 }, (_, index) => ({
      userId: `user-${index}`,
      name: `User ${index}`,
    }));
    await succeed(workspace, 'users.add', { organizationId: 'seeded', users: [{ userId: 'first' }] });
    const response = await callAs(workspace, 'users.add', { organizationId: 'seeded', users });
    expect(response.statusCode).toBe(200);
    expect(response.db.commands.slice(0, 2).sort()).toEqual(['BatchGetItem', 'GetItem']);
    expect(response.db.commands[2]).toBe('TransactWriteItems');
    // The target read travels with the auth read (prefetch); the organization's connections are
    // listed after the write, beside renewing its access stamp.
    expect(response.db.commands.slice(3).sort()).toEqual(['PutItem', 'Query']);
    expect(response.db.serialRoundTrips).toBe(3);
  });

  it.each([
    [{ organizationId, folderId: 'f', documentId: 'd', users: [{ userId: 'u' }] }, 'documentId'],
    [
      { organizationId, users: Array.from({ length: 101 }, (_, index) => ({ userId: `u${index}` })) },
      'users',
    ],
    [{ organizationId, users: [{ userId: 'u', accessRole: 'owner' }] }, 'users[0].accessRole'],
    [{ organizationId, users: [{ userId: '' }] }, 'users[0].userId'],
    [{ organizationId, users: [{ name: 'no id' }] }, 'users[0].userId'],
  ])('refuses %j with INVALID_ARGUMENT naming %s, writing nothing', async (data, path) => {
    const response = await callAs(workspace, 'users.add', data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.details?.issues[0].path).toBe(path);
    expect(await succeed(workspace, 'organizations.get', {})).toEqual([]);
  });
});

describe('users.update', () => {
  it('updates existing users and reports a missing user as failed inside a success body', async () => {
    await succeed(workspace, 'users.add', { organizationId, users: [{ userId: 'ada', name: 'Ada' }] });
    const data = await succeed(workspace, 'users.update', {
      organizationId,
      users: [
        { userId: 'ada', name: 'Zed', accessRole: 'viewer' },
        { userId: 'ghost', name: 'Nobody' },
      ],
    });
    expect(data.ada.success).toBe(true);
    expect(data.ghost).toMatchObject({ success: false, id: 'ghost' });
    expect(data.ghost.message).toMatch(/does not exist/);
    const [ada] = await succeed(workspace, 'users.get', { organizationId, userIds: ['ada', 'ghost'] });
    expect(ada).toMatchObject({ name: 'Zed', accessRole: 'viewer', initial: 'Z' });
  });
});

describe('users.get', () => {
  it('lists members a full page at a time, and group members on request', async () => {
    const users = Array.from({ length: 5 }, (_, index) => ({ userId: `u${index}` }));
    await succeed(workspace, 'users.add', { organizationId, users });
    await succeed(workspace, 'users.add', {
      organizationId,
      folderId: 'f',
      createFolder: true,
      users: [{ userId: 'outsider' }],
    });
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const response = await callAs(workspace, 'users.get', {
        organizationId,
        pageSize: 2,
        ...(pageToken && { pageToken }),
      });
      expect(dataOf(response).length).toBeGreaterThan(0);
      seen.push(...dataOf(response).map((user: { userId: string }) => user.userId));
      pageToken = response.json.result?.nextPageToken;
    } while (pageToken);
    expect(seen).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
    await givenUserGroup(workspace, { organizationId, userIds: ['u1', 'u3'] });
    const grouped = await succeed(workspace, 'users.get', {
      organizationId,
      organizationUserGroupIds: ['g'],
    });
    expect(grouped.map((user: { userId: string }) => user.userId)).toEqual(['u1', 'u3']);
  });
});

describe('users.delete', () => {
  it('removes a folder membership only, or the user from the organization entirely', async () => {
    await succeed(workspace, 'users.add', { organizationId, users: [{ userId: 'ada' }, { userId: 'bob' }] });
    await succeed(workspace, 'users.add', {
      organizationId,
      folderId: 'f',
      createFolder: true,
      users: [{ userId: 'ada' }],
    });
    await givenUserGroup(workspace, { organizationId, userIds: ['ada', 'bob'] });

    const fromFolder = await succeed(workspace, 'users.delete', {
      organizationId,
      folderId: 'f',
      userIds: ['ada', 'bob'],
    });
    expect(fromFolder.ada.success).toBe(true);
    expect(fromFolder.bob.success).toBe(false);
    expect(await succeed(workspace, 'users.get', { organizationId, folderId: 'f' })).toEqual([]);

    await succeed(workspace, 'users.delete', { organizationId, userIds: ['ada'] });
    const members = await succeed(workspace, 'users.get', { organizationId });
    expect(members.map((user: { userId: string }) => user.userId)).toEqual(['bob']);
    const [group] = await succeed(workspace, 'organizations.usergroups.get', {
      organizationId,
      groupIds: ['g'],
    });
    expect(group.userIds).toEqual(['bob']);
  });
});
