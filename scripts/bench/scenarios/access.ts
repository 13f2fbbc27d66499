import { type ApiKeyClient, type Area, ids, newWorkspaceClient, type Scenario } from './types';

/**
 * One key with three organizations: `team` (20 members, 6 groups, a restricted folder) for the
 * user, group and grant routes; `groups-scratch`, which collects the groups `usergroups.add`
 * creates (there is no route to delete one); and `lookup` for permission lookups: 100 users,
 * 50 folders up to three levels deep, 50 documents, folder and document memberships and grants.
 */
export interface AccessFixture {
  api: ApiKeyClient;
}

const team = 'team';
const groupsScratch = 'groups-scratch';
const lookup = 'lookup';

const members = ids('member-', 20);
const groups = ids('group-', 5);
/** The group whose membership the group-user scenarios flip. */
const churn = 'churn';

const lookupUsers = ids('u-', 100);
const lookupFolders = ids('f-', 50);
const lookupDocuments = ids('d-', 50);
const lookupAccessTypes = [
  'public',
  'organizationPrivate',
  'restricted',
  'restricted',
  'organizationPrivate',
];

const inOneDay = () => Math.floor(Date.now() / 1000) + 24 * 60 * 60;

const person = (userId: string, index: number) => ({
  userId,
  name: `Bench ${userId}`,
  email: `${userId}@example.com`,
  accessRole: index % 4 === 3 ? 'viewer' : 'editor',
});

async function seedTeam(api: ApiKeyClient) {
  await api.call('users.add', { organizationId: team, users: members.map(person) });
  await api.call('organizations.folders.add', {
    organizationId: team,
    folders: [{ folderId: 'shared', accessType: 'restricted' }, { folderId: 'handbook' }],
  });
  await api.call('organizations.documents.add', {
    organizationId: team,
    folderId: 'shared',
    documents: [{ documentId: 'plan' }],
  });
  await api.call('organizations.usergroups.add', {
    organizationId: team,
    organizationUserGroups: [...groups, churn].map((groupId) => ({ groupId, groupName: `Bench ${groupId}` })),
  });
  for (const [slot, groupId] of groups.entries()) {
    const userIds = Array.from({ length: 10 }, (_, offset) => members[(slot * 4 + offset) % members.length]!);
    await api.call('organizations.usergroups.users.add', {
      organizationId: team,
      organizationUserGroupId: groupId,
      userIds,
    });
  }
}

/**
 * `f-0`..`f-4` at the top (access types cycling), `f-5`..`f-24` under them, `f-25`..`f-49` one
 * level further down; even-numbered nested folders inherit. Documents come in fives, one batch
 * per every fifth folder; every fifth document is restricted.
 */
async function seedLookup(api: ApiKeyClient) {
  await api.call('users.add', { organizationId: lookup, users: lookupUsers.map(person) });
  await api.call('organizations.folders.add', {
    organizationId: lookup,
    folders: lookupFolders.map((folderId, index) =>
      index < 5
        ? { folderId, accessType: lookupAccessTypes[index] }
        : {
            folderId,
            parentFolderId: index < 25 ? `f-${(index - 5) % 5}` : `f-${index - 20}`,
            inheritAccessFromParent: index % 2 === 0,
          },
    ),
  });
  for (let slot = 0; slot < 10; slot += 1) {
    await api.call('organizations.documents.add', {
      organizationId: lookup,
      folderId: lookupFolders[slot * 5],
      documents: lookupDocuments.slice(slot * 5, slot * 5 + 5).map((documentId, offset) => ({
        documentId,
        ...(offset === 0 && { accessType: 'restricted' }),
      })),
    });
  }
  await api.call('users.add', {
    organizationId: lookup,
    folderId: 'f-2',
    users: lookupUsers.slice(0, 30).map((userId) => ({ userId, accessRole: 'viewer' })),
  });
  await api.call('users.add', {
    organizationId: lookup,
    documentId: 'd-3',
    users: lookupUsers.slice(30, 40).map((userId) => ({ userId })),
  });
  for (const userId of lookupUsers.slice(40, 50)) {
    await api.call('auth.permissions.add', {
      user: { userId },
      permissions: {
        resources: [{ type: 'folder', id: 'f-3', organizationId: lookup, expiresAt: inOneDay() }],
      },
    });
  }
}

/**
 * A scenario flipping one member's place in group `churn`: `prepare` calls `opposite` for the
 * request's member, the request (the route the scenario times) then undoes it.
 */
function churnMembership(
  opposite: 'organizations.usergroups.users.add' | 'organizations.usergroups.users.delete',
): Scenario<AccessFixture> {
  const data = (index: number) => ({
    organizationId: team,
    organizationUserGroupId: churn,
    userIds: [members[index % members.length]!],
  });
  return {
    prepare: (fixture, index) => fixture.api.call(opposite, data(index)),
    request: (fixture, index) => ({ headers: fixture.api.headers, data: data(index) }),
  };
}

export const accessArea: Area<AccessFixture> = {
  name: 'access',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'access');
    await api.call('organizations.add', {
      organizations: [team, groupsScratch, lookup].map((organizationId) => ({ organizationId })),
    });
    await seedTeam(api);
    await seedLookup(api);
    return { api };
  },
  scenarios: {
    'users.add': {
      // Removes the previous request's user first, so `team` keeps 20 members.
      prepare: async (fixture, index) => {
        if (index === 0) return;
        await fixture.api.call('users.delete', { organizationId: team, userIds: [`joiner-${index - 1}`] });
      },
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationId: team, users: [person(`joiner-${index}`, index)] },
      }),
    },
    'users.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { organizationId: team } }),
    },
    'users.update': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId: team,
          users: [{ userId: 'member-0', accessRole: index % 2 === 0 ? 'viewer' : 'editor' }],
        },
      }),
    },
    'users.delete': {
      prepare: (fixture, index) =>
        fixture.api.call('users.add', { organizationId: team, users: [person(`leaver-${index}`, index)] }),
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationId: team, userIds: [`leaver-${index}`] },
      }),
    },
    'organizations.usergroups.add': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId: groupsScratch,
          organizationUserGroups: [{ groupId: `added-${index}`, groupName: `Added ${index}` }],
        },
      }),
    },
    'organizations.usergroups.get': {
      request: (fixture) => ({ headers: fixture.api.headers, data: { organizationId: team } }),
    },
    // Each takes the opposite step first, so every request really adds or removes someone.
    'organizations.usergroups.users.add': churnMembership('organizations.usergroups.users.delete'),
    'organizations.usergroups.users.delete': churnMembership('organizations.usergroups.users.add'),
    'auth.permissions.get': [
      {
        // What a client asks when a user opens a document: one user, its folder and the document.
        request: (fixture) => ({
          headers: fixture.api.headers,
          data: { organizationId: lookup, userIds: ['u-0'], folderIds: ['f-7'], documentIds: ['d-17'] },
        }),
      },
      {
        variant: '100×100',
        request: (fixture) => ({
          headers: fixture.api.headers,
          data: {
            organizationId: lookup,
            userIds: lookupUsers,
            folderIds: lookupFolders,
            documentIds: lookupDocuments,
          },
        }),
      },
    ],
    'auth.permissions.add': {
      // Re-grants the same folder with the role flipped (one attribute overwritten, not piling up).
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          user: { userId: 'member-19' },
          permissions: {
            resources: [
              {
                type: 'folder',
                id: 'shared',
                organizationId: team,
                accessRole: index % 2 === 0 ? 'viewer' : 'editor',
                expiresAt: inOneDay(),
              },
            ],
          },
        },
      }),
    },
    'auth.permissions.remove': {
      prepare: (fixture) =>
        fixture.api.call('auth.permissions.add', {
          user: { userId: 'member-18' },
          permissions: { resources: [{ type: 'document', id: 'plan', organizationId: team }] },
        }),
      request: (fixture) => ({
        headers: fixture.api.headers,
        data: {
          userId: 'member-18',
          permissions: { resources: [{ type: 'document', id: 'plan', organizationId: team }] },
        },
      }),
    },
    'auth.token.generate': {
      request: (fixture, index) => {
        const userId = members[index % members.length]!;
        return {
          headers: fixture.api.headers,
          data: {
            userId,
            userProperties: { name: `Bench ${userId}`, email: `${userId}@example.com` },
            permissions: {
              resources: [
                { type: 'organization', id: team },
                { type: 'folder', id: 'shared', organizationId: team, accessRole: 'viewer' },
              ],
            },
          },
        };
      },
    },
  },
};
