import type { RouteName } from '../../../shared/api/routes';
import { callAs, succeed } from '../../support/api';
import type { CallResult } from '../../support/lambda';
import { givenUserGroup } from '../../support/organizations';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// Serial DynamoDB round trips per access route (docs/data-model.md, Critical paths; decisions §42):
// the reads that need only the API key and the input travel with the auth read.

let workspace: TestWorkspace;
const organizationId = 'org';

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await succeed(workspace, 'users.add', { organizationId, users: [{ userId: 'ada' }, { userId: 'bob' }] });
  await givenUserGroup(workspace, { organizationId, userIds: ['ada'] });
});

async function succeeded(route: RouteName, data: unknown): Promise<CallResult> {
  const response = await callAs(workspace, route, data);
  expect(response.json.error).toBeUndefined();
  return response;
}

describe('access routes read beside the auth read', () => {
  it.each([
    ['users.get', { organizationId }],
    ['users.get', { organizationId, userIds: ['ada'] }],
    ['organizations.usergroups.get', { organizationId }],
    ['organizations.usergroups.get', { organizationId, groupIds: ['g'] }],
    ['auth.permissions.get', { organizationId, userIds: ['ada'] }],
  ] as const)('%s %j takes one serial round trip', async (route, data) => {
    const response = await succeeded(route, data);
    expect(response.db.calls).toBeGreaterThan(1);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('auth.token.generate takes one once the signing secret exists, two on first use', async () => {
    const request = { userId: 'ada', userProperties: { name: 'Ada', email: 'ada@example.com' } };
    const first = await succeeded('auth.token.generate', request);
    expect(first.db.commands.at(-1)).toBe('PutItem');
    expect(first.db.serialRoundTrips).toBe(2);
    const again = await succeeded('auth.token.generate', request);
    expect(again.db.commands).toEqual(['GetItem', 'GetItem']);
    expect(again.db.serialRoundTrips).toBe(1);
  });

  it.each([
    [
      'organizations.usergroups.add',
      { organizationId, organizationUserGroups: [{ groupId: 'h', groupName: 'H' }] },
    ],
    [
      'organizations.usergroups.users.add',
      { organizationId, organizationUserGroupId: 'g', userIds: ['bob'] },
    ],
    [
      'organizations.usergroups.users.delete',
      { organizationId, organizationUserGroupId: 'g', userIds: ['ada'] },
    ],
  ] as const)('%s takes two: the reads, then the writes', async (route, data) => {
    const response = await succeeded(route, data);
    expect(response.db.commands.slice(0, 2).sort()).toEqual(['BatchGetItem', 'GetItem']);
    expect(response.db.serialRoundTrips).toBe(2);
  });

  // Live connections are re-checked once the change has landed (one Query of the organization's
  // connections, beside renewing its access stamp, after the write), so these take one round trip more.
  it.each([
    ['users.add', { organizationId, users: [{ userId: 'cy' }] }],
    [
      'auth.permissions.add',
      { user: { userId: 'bob' }, permissions: { resources: [{ type: 'organization', id: organizationId }] } },
    ],
    ['users.update', { organizationId, users: [{ userId: 'ada', accessRole: 'viewer' }] }],
    ['users.delete', { organizationId, folderId: 'f', userIds: ['ada'] }],
  ] as const)('%s takes three: the reads, the writes, then the connections', async (route, data) => {
    if (route === 'users.delete') {
      await succeed(workspace, 'users.add', {
        organizationId,
        folderId: 'f',
        createFolder: true,
        users: [{ userId: 'ada' }],
      });
    }
    const response = await succeeded(route, data);
    expect(response.db.commands.at(-1)).toBe('Query');
    expect(response.db.serialRoundTrips).toBe(3);
  });

  it('users.delete at the organization level reads the groups beside the user deletes: four', async () => {
    const response = await succeeded('users.delete', { organizationId, userIds: ['ada'] });
    expect(response.json.result?.data.ada.success).toBe(true);
    expect(response.db.serialRoundTrips).toBe(4);
  });

  it('refuses a wrong auth token before any prefetched read answers', async () => {
    const response = await callAs(
      { ...workspace, apiKeyHeaders: { ...workspace.apiKeyHeaders, 'x-svc-auth-token': 'wrong' } },
      'users.get',
      { organizationId },
    );
    expect(response.statusCode).toBe(403);
    expect(JSON.stringify(response.json)).not.toContain('ada');
  });
});
