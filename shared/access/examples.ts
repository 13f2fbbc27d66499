/** One example call per route of the access domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { acknowledged, alice, answer, processed } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { accessContracts } from './contracts';

export const accessExamples = {
  'users.add': {
    request: { organizationId: 'org-1', users: [{ ...alice, accessRole: 'editor' }] },
    response: processed('Users', 'User added.', 'alice'),
  },
  'users.get': {
    request: { organizationId: 'org-1', userIds: ['alice'] },
    response: answer('Users retrieved.', [{ ...alice, accessRole: 'editor', initial: 'A' }]),
  },
  'users.update': {
    request: { organizationId: 'org-1', users: [{ userId: 'alice', accessRole: 'viewer' }] },
    response: processed('Users', 'User updated.', 'alice'),
  },
  'users.delete': {
    request: { organizationId: 'org-1', userIds: ['bob'] },
    response: processed('Users', 'User removed.', 'bob'),
  },
  'organizations.usergroups.add': {
    request: {
      organizationId: 'org-1',
      organizationUserGroups: [{ groupId: 'editors', groupName: 'Editors' }],
    },
    response: processed('User groups', 'User group saved.', 'editors'),
  },
  'organizations.usergroups.get': {
    request: { organizationId: 'org-1', groupIds: ['editors'] },
    response: answer('User groups retrieved.', [
      { groupId: 'editors', groupName: 'Editors', userIds: ['alice', 'bob'] },
    ]),
  },
  'organizations.usergroups.users.add': {
    request: { organizationId: 'org-1', organizationUserGroupId: 'editors', userIds: ['bob'] },
    response: answer('Users processed.', {
      bob: { success: true, organizationUserGroupId: 'editors', message: 'User added to the group.' },
    }),
  },
  'organizations.usergroups.users.delete': {
    request: { organizationId: 'org-1', organizationUserGroupId: 'editors', userIds: ['bob'] },
    response: answer('Users processed.', {
      bob: { success: true, organizationUserGroupId: 'editors', message: 'User removed from the group.' },
    }),
  },
  'auth.permissions.get': {
    request: { organizationId: 'org-1', userIds: ['alice'], documentIds: ['doc-1'] },
    response: answer('Permissions retrieved.', {
      alice: {
        organization: { 'org-1': { accessRole: 'editor' } },
        documents: { 'doc-1': { accessRole: 'editor', accessType: 'organizationPrivate' } },
      },
    }),
  },
  'auth.permissions.add': {
    request: {
      user: { userId: 'bob' },
      permissions: {
        resources: [{ type: 'document', id: 'doc-1', organizationId: 'org-1', accessRole: 'viewer' }],
      },
    },
    response: acknowledged('Permissions added.'),
  },
  'auth.permissions.remove': {
    request: {
      userId: 'bob',
      permissions: { resources: [{ type: 'document', id: 'doc-1', organizationId: 'org-1' }] },
    },
    response: acknowledged('Permissions removed.'),
  },
  'auth.token.generate': {
    request: { userId: 'alice', userProperties: { name: 'Alice', email: 'alice@example.com' } },
    response: answer('Token generated.', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJhbGljZSJ9.c2ln' }),
  },
} satisfies ExamplesOf<typeof accessContracts>;
