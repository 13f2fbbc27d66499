import type { RouteName } from '../../../shared/api/routes';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;
const organizationId = 'org';

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(workspace, 'users.add', { organizationId, users: [{ userId: 'alice' }] });
});

/*
 * A batch whose items are keyed by caller ids writes each item in one transaction, which may not
 * touch an item twice: an id named twice is INVALID_ARGUMENT naming the repeat (found by the hostile
 * corpus as 500s).
 */
describe('a batch naming one id twice', () => {
  it.each<[RouteName, Record<string, unknown>, string]>([
    [
      'organizations.add',
      { organizations: [{ organizationId: 'o' }, { organizationId: 'p' }, { organizationId: 'o' }] },
      'organizations[2].organizationId: duplicate id o',
    ],
    [
      'organizations.documents.add',
      { organizationId, documents: [{ documentId: 'd' }, { documentId: 'd' }] },
      'documents[1].documentId: duplicate id d',
    ],
    [
      'users.add',
      { organizationId, users: [{ userId: 'bob' }, { userId: 'bob', name: 'Bob' }] },
      'users[1].userId: duplicate id bob',
    ],
    [
      'users.update',
      { organizationId, users: ['A', 'B'].map((name) => ({ userId: 'alice', name })) },
      'users[1].userId: duplicate id alice',
    ],
    [
      'organizations.usergroups.add',
      {
        organizationId,
        organizationUserGroups: ['One', 'Two'].map((groupName) => ({ groupId: 'g', groupName })),
      },
      'organizationUserGroups[1].groupId: duplicate id g',
    ],
  ])('is refused by %s with INVALID_ARGUMENT naming the repeat', async (route, data, message) => {
    const response = await callAs(workspace, route, data);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });
});
