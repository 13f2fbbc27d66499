/**
 * One example call per route: the `data` a caller sends and the `result` it gets back. The docs
 * generator shows them on each operation of docs/openapi.json; the compiler makes the set complete
 * (one entry per route name) and types each pair by its route's contract, and a unit test parses
 * each with the route's own schemas, so an example cannot drift from the contract.
 */

import type { RouteName } from '../http/routes';
import type { RouteInput, RouteOutput } from './route-contracts';

/** A route's example: request `data` and success `result`. */
export interface RouteExample<Name extends RouteName = RouteName> {
  readonly request: RouteInput<Name>;
  readonly response: RouteOutput<Name>;
}

const ok = 'success' as const;
const at = '2026-03-02T09:30:00.000Z';
const ms = 1772443800000;
const alice = { userId: 'alice', name: 'Alice', email: 'alice@example.com' };
const bob = { userId: 'bob', name: 'Bob', email: 'bob@example.com' };
const doc = { organizationId: 'org-1', documentId: 'doc-1' };
const owner = { id: 'user-1', email: 'alice@example.com', name: 'Alice' };
const apiKeyList = { 'key-1': { id: 'key-1', apiKeyName: 'Testing key', type: 'testing' as const } };
const authToken = { token: 'tok_3f9a1c', name: 'Default', domains: ['app.example.com'] };
const saved = (message: string, id: string) => ({ [id]: { success: true, id, message } });
const webhookServiceConfig = {
  authToken: 'whk_auth_1',
  rawNotificationUrl: 'https://hooks.example.com/raw',
  processedNotificationUrl: 'https://hooks.example.com/processed',
  encodeData: false,
  encryptData: false,
  publicKey: '',
  enableDataProtection: false,
  triggers: { 'comment.added': true },
};
const advancedWebhookConfig = {
  isEnabled: true,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
};
const endpoint = {
  id: 'ep-1',
  url: 'https://hooks.example.com/collab',
  description: 'Comment events',
  filterTypes: ['comment.added'],
  channels: null,
  disabled: false,
  rateLimit: null,
  uid: null,
  metadata: {},
  createdAt: at,
  updatedAt: at,
};
const message = {
  messageId: 'msg-1',
  event: 'comment.added',
  timestamp: ms,
  status: 'succeeded' as const,
  reason: null,
  attemptCount: 1,
  nextAttemptAt: null,
  attempts: [
    {
      attempt: 1,
      status: 'success' as const,
      statusCode: 200,
      durationMs: 84,
      response: 'ok',
      timestamp: at,
    },
  ],
  createdAt: at,
  updatedAt: at,
};
const folder = {
  folderId: 'folder-1',
  folderName: 'Specs',
  organizationId: 'org-1',
  parentFolderId: 'root',
  apiKey: 'key-1',
  createdAt: ms,
  lastUpdated: ms,
  ancestors: [],
  accessType: 'organizationPrivate',
  inheritAccessFromParent: true,
};
const activity = {
  featureType: 'comment' as const,
  actionType: 'comment.add',
  actionUser: alice,
  targetEntityId: 'ann-1',
  displayMessageTemplate: '{{user}} commented',
};
const judgment = {
  recordId: 'rec-1',
  decision: 'approve',
  reasoning: 'The wording matches the style guide.',
  confidence: 0.92,
  actionUser: { userId: 'alice', name: 'Alice' },
  createdAt: ms,
  agent: null,
  judgeType: 'human' as const,
  contentType: 'text',
  reviewerId: 'alice',
  ...doc,
  annotationId: 'ann-1',
  similarity: 0.87,
  scope: 'organization' as const,
};
const annotation = {
  annotationId: 'ann-1',
  ...doc,
  type: 'comment' as const,
  status: 'open' as const,
  createdBy: alice,
  createdAt: ms,
  lastUpdated: ms,
};
const reaction = { ...doc, annotationId: 'ann-1', commentId: 'c-1', icon: '👍', actionUser: bob };
const editorResource = { ...doc, editorId: 'editor-1', type: 'text' as const, data: 'Hello, world' };

export const routeExamples = {
  'workspace.create': {
    request: { ownerEmail: 'alice@example.com', name: 'Alice', workspaceName: "Alice's workspace" },
    response: {
      status: ok,
      message: 'Workspace created.',
      data: { id: 'ws-1', name: "Alice's workspace", owner, apiKeyList, authToken: 'wtok_8d2e' },
    },
  },
  'workspace.get': {
    request: {},
    response: {
      status: ok,
      message: 'Workspace retrieved.',
      data: { id: 'ws-1', name: "Alice's workspace", owner, apiKeyList },
    },
  },
  'workspace.apikey.create': {
    request: { type: 'production', apiKeyName: 'Production', allowedDomains: ['app.example.com'] },
    response: { status: ok, message: 'API key created.', data: { apiKey: 'key-2' } },
  },
  'workspace.apikeys.get': {
    request: { pageSize: 20 },
    response: { status: ok, message: 'API keys retrieved.', data: [apiKeyList['key-1']] },
  },
  'workspace.authtokens.get': {
    request: { apiKey: 'key-1' },
    response: {
      status: ok,
      message: 'Auth tokens retrieved.',
      data: { apiKey: 'key-1', authTokens: [authToken] },
    },
  },
  'workspace.authtoken.reset': {
    request: { apiKey: 'key-1' },
    response: {
      status: ok,
      message: 'Auth token reset.',
      data: { apiKey: 'key-1', newAuthToken: { ...authToken, token: 'tok_7b21e0' } },
    },
  },
  'workspace.domains.get': {
    request: {},
    response: { status: ok, message: 'Domains retrieved.', data: { domains: ['app.example.com'] } },
  },
  'workspace.domains.add': {
    request: { domains: ['docs.example.com'] },
    response: { status: ok, message: 'Domains added.', data: { domainsAdded: ['docs.example.com'] } },
  },
  'workspace.domains.delete': {
    request: { domains: ['docs.example.com'] },
    response: { status: ok, message: 'Domains removed.', data: { domainsRemoved: ['docs.example.com'] } },
  },
  'workspace.webhookconfig.get': {
    request: {},
    response: {
      status: ok,
      message: 'Webhook config retrieved.',
      data: { useWebhookService: true, webhookServiceConfig },
    },
  },
  'workspace.webhookconfig.update': {
    request: { useWebhookService: true, webhookServiceConfig: { triggers: { 'comment.added': true } } },
    response: {
      status: ok,
      message: 'Webhook config updated.',
      data: { useWebhookService: true, webhookServiceConfig },
    },
  },
  'workspace.advancedwebhookconfig.get': {
    request: {},
    response: { status: ok, message: 'Advanced webhook config retrieved.', data: advancedWebhookConfig },
  },
  'workspace.advancedwebhookconfig.update': {
    request: { isEnabled: true },
    response: { status: ok, message: 'Advanced webhook config updated.', data: advancedWebhookConfig },
  },
  'workspace.activityconfig.get': {
    request: {},
    response: {
      status: ok,
      message: 'Activity config retrieved.',
      data: { activityServiceConfig: { isEnabled: true, immutable: false } },
    },
  },
  'workspace.activityconfig.update': {
    request: { activityServiceConfig: { isEnabled: true, triggers: { comment: { added: true } } } },
    response: {
      status: ok,
      message: 'Activity config updated.',
      data: { activityServiceConfig: { isEnabled: true, triggers: { comment: { added: true } } } },
    },
  },
  'workspace.permissionproviderconfig.get': {
    request: {},
    response: {
      status: ok,
      message: 'Permission provider config retrieved.',
      data: {
        usePermissionProvider: true,
        permissionProviderConfig: {
          permissionProviderUrl: 'https://auth.example.com/check',
          authToken: 'pp_1',
        },
      },
    },
  },
  'workspace.permissionproviderconfig.update': {
    request: {
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://auth.example.com/check',
        authToken: 'pp_1',
      },
    },
    response: {
      status: ok,
      message: 'Permission provider config updated.',
      data: {
        usePermissionProvider: true,
        permissionProviderConfig: {
          permissionProviderUrl: 'https://auth.example.com/check',
          authToken: 'pp_1',
        },
      },
    },
  },
  'workspace.advancedwebhook.endpoints.get': {
    request: { limit: 10 },
    response: {
      status: ok,
      message: 'Endpoints retrieved.',
      data: { endpoints: [endpoint], iterator: null, prevIterator: null, done: true },
    },
  },
  'workspace.advancedwebhook.endpoints.create': {
    request: { url: endpoint.url, description: endpoint.description, filterTypes: ['comment.added'] },
    response: { status: ok, message: 'Endpoint created.', data: endpoint },
  },
  'workspace.advancedwebhook.endpoints.update': {
    request: { endpointId: 'ep-1', disabled: true },
    response: { status: ok, message: 'Endpoint updated.', data: { ...endpoint, disabled: true } },
  },
  'workspace.advancedwebhook.endpoints.delete': {
    request: { endpointId: 'ep-1' },
    response: { status: ok, message: 'Endpoint deleted.' },
  },
  'workspace.advancedwebhook.endpoints.secret.get': {
    request: { endpointId: 'ep-1' },
    response: {
      status: ok,
      message: 'Endpoint secret retrieved.',
      data: { endpointId: 'ep-1', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    },
  },
  'workspace.advancedwebhook.endpoints.secret.rotate': {
    request: { endpointId: 'ep-1' },
    response: {
      status: ok,
      message: 'Endpoint secret rotated.',
      data: { endpointId: 'ep-1', secret: 'whsec_4oBm1n2bQv7sX0cYk9Lh3TzWq6RjEuAp' },
    },
  },
  'workspace.advancedwebhook.endpoints.messages.get': {
    request: { endpointId: 'ep-1', limit: 10 },
    response: { status: ok, message: 'Messages retrieved.', data: { messages: [message], pageToken: null } },
  },
  'workspace.advancedwebhook.endpoints.messages.replay': {
    request: { endpointId: 'ep-1', messageId: 'msg-1', timestamp: ms },
    response: {
      status: ok,
      message: 'Message queued for replay.',
      data: { ...message, status: 'pending', nextAttemptAt: at },
    },
  },
  'workspace.webhooks.test': {
    request: { endpointId: 'ep-1' },
    response: {
      status: ok,
      message: 'Test event sent.',
      data: { messageId: 'msg-2', timestamp: ms, targets: ['endpoint:ep-1'] },
    },
  },
  'organizations.add': {
    request: { organizations: [{ organizationId: 'org-1', organizationName: 'Acme' }] },
    response: {
      status: ok,
      message: 'Organizations processed.',
      data: saved('Organization added.', 'org-1'),
    },
  },
  'organizations.get': {
    request: { organizationIds: ['org-1'] },
    response: {
      status: ok,
      message: 'Organizations retrieved.',
      data: [{ id: 'org-1', organizationName: 'Acme', disabled: false }],
    },
  },
  'organizations.delete': {
    request: { organizationIds: ['org-1'] },
    response: {
      status: ok,
      message: 'Organizations processed.',
      data: saved('Organization deleted.', 'org-1'),
    },
  },
  'organizations.folders.add': {
    request: { organizationId: 'org-1', folders: [{ folderId: 'folder-1', folderName: 'Specs' }] },
    response: { status: ok, message: 'Folders processed.', data: saved('Folder added.', 'folder-1') },
  },
  'organizations.folders.get': {
    request: { organizationId: 'org-1', folderId: 'folder-1', maxDepth: 1 },
    response: { status: ok, message: 'Folders retrieved.', data: [{ ...folder, subFolders: [] }] },
  },
  'organizations.folders.update': {
    request: { organizationId: 'org-1', folders: [{ folderId: 'folder-1', folderName: 'Specifications' }] },
    response: { status: ok, message: 'Folders processed.', data: saved('Folder updated.', 'folder-1') },
  },
  'organizations.folders.delete': {
    request: { organizationId: 'org-1', folderId: 'folder-1' },
    response: { status: ok, message: 'Folder deleted.' },
  },
  'organizations.documents.add': {
    request: {
      organizationId: 'org-1',
      folderId: 'folder-1',
      documents: [{ documentId: 'doc-1', documentName: 'Roadmap' }],
    },
    response: { status: ok, message: 'Documents processed.', data: saved('Document added.', 'doc-1') },
  },
  'organizations.documents.get': {
    request: { organizationId: 'org-1', documentIds: ['doc-1'] },
    response: {
      status: ok,
      message: 'Documents retrieved.',
      data: [
        {
          id: 'doc-1',
          documentName: 'Roadmap',
          folderId: 'folder-1',
          accessType: 'organizationPrivate',
          disabled: false,
        },
      ],
    },
  },
  'organizations.documents.delete': {
    request: { organizationId: 'org-1', documentIds: ['doc-1'] },
    response: { status: ok, message: 'Documents processed.', data: saved('Document deleted.', 'doc-1') },
  },
  'organizations.documents.migrate': {
    request: { ...doc, newDocumentId: 'doc-2' },
    response: { status: ok, message: 'Migration started.', data: { migrationId: 'mig-1' } },
  },
  'organizations.documents.migrate.status': {
    request: { organizationId: 'org-1', migrationId: 'mig-1' },
    response: {
      status: ok,
      message: 'Migration status retrieved.',
      data: { migrationId: 'mig-1', status: 'completed', moved: { comments: 12, notifications: 3 } },
    },
  },
  'organizations.usergroups.add': {
    request: {
      organizationId: 'org-1',
      organizationUserGroups: [{ groupId: 'editors', groupName: 'Editors' }],
    },
    response: { status: ok, message: 'User groups processed.', data: saved('User group saved.', 'editors') },
  },
  'organizations.usergroups.get': {
    request: { organizationId: 'org-1', groupIds: ['editors'] },
    response: {
      status: ok,
      message: 'User groups retrieved.',
      data: [{ groupId: 'editors', groupName: 'Editors', userIds: ['alice', 'bob'] }],
    },
  },
  'organizations.usergroups.users.add': {
    request: { organizationId: 'org-1', organizationUserGroupId: 'editors', userIds: ['bob'] },
    response: {
      status: ok,
      message: 'Users processed.',
      data: {
        bob: { success: true, organizationUserGroupId: 'editors', message: 'User added to the group.' },
      },
    },
  },
  'organizations.usergroups.users.delete': {
    request: { organizationId: 'org-1', organizationUserGroupId: 'editors', userIds: ['bob'] },
    response: {
      status: ok,
      message: 'Users processed.',
      data: {
        bob: { success: true, organizationUserGroupId: 'editors', message: 'User removed from the group.' },
      },
    },
  },
  'users.add': {
    request: { organizationId: 'org-1', users: [{ ...alice, accessRole: 'editor' }] },
    response: { status: ok, message: 'Users processed.', data: saved('User added.', 'alice') },
  },
  'users.get': {
    request: { organizationId: 'org-1', userIds: ['alice'] },
    response: {
      status: ok,
      message: 'Users retrieved.',
      data: [{ ...alice, accessRole: 'editor', initial: 'A' }],
    },
  },
  'users.update': {
    request: { organizationId: 'org-1', users: [{ userId: 'alice', accessRole: 'viewer' }] },
    response: { status: ok, message: 'Users processed.', data: saved('User updated.', 'alice') },
  },
  'users.delete': {
    request: { organizationId: 'org-1', userIds: ['bob'] },
    response: { status: ok, message: 'Users processed.', data: saved('User removed.', 'bob') },
  },
  'users.data.get': {
    request: { userId: 'alice', organizationId: 'org-1' },
    response: {
      status: ok,
      message: 'User data retrieved.',
      data: {
        userId: 'alice',
        items: [
          { feature: 'membership', organizationId: 'org-1', id: 'alice', record: { accessRole: 'editor' } },
        ],
      },
    },
  },
  'users.data.delete': {
    request: { userId: 'alice' },
    response: { status: ok, message: 'Erasure started.', data: { jobId: 'job-1' } },
  },
  'users.data.delete.status': {
    request: { jobId: 'job-1' },
    response: {
      status: ok,
      message: 'Erasure status retrieved.',
      data: { jobId: 'job-1', status: 'completed', counts: { comment: 3, notification: 5 } },
    },
  },
  'auth.permissions.get': {
    request: { organizationId: 'org-1', userIds: ['alice'], documentIds: ['doc-1'] },
    response: {
      status: ok,
      message: 'Permissions retrieved.',
      data: {
        alice: {
          organization: { 'org-1': { accessRole: 'editor' } },
          documents: { 'doc-1': { accessRole: 'editor', accessType: 'organizationPrivate' } },
        },
      },
    },
  },
  'auth.permissions.add': {
    request: {
      user: { userId: 'bob' },
      permissions: {
        resources: [{ type: 'document', id: 'doc-1', organizationId: 'org-1', accessRole: 'viewer' }],
      },
    },
    response: { status: ok, message: 'Permissions added.' },
  },
  'auth.permissions.remove': {
    request: {
      userId: 'bob',
      permissions: { resources: [{ type: 'document', id: 'doc-1', organizationId: 'org-1' }] },
    },
    response: { status: ok, message: 'Permissions removed.' },
  },
  'auth.token.generate': {
    request: { userId: 'alice', userProperties: { name: 'Alice', email: 'alice@example.com' } },
    response: {
      status: ok,
      message: 'Token generated.',
      data: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJhbGljZSJ9.c2ln' },
    },
  },
  'activities.add': {
    request: { ...doc, activities: [{ id: 'act-1', ...activity }] },
    response: { status: ok, message: 'Activities processed.', data: saved('Activity added.', 'act-1') },
  },
  'activities.get': {
    request: { ...doc, pageSize: 20 },
    response: {
      status: ok,
      message: 'Activities retrieved.',
      data: [{ id: 'act-1', ...activity, metadata: { apiKey: 'key-1', ...doc }, timestamp: ms }],
    },
  },
  'activities.update': {
    request: {
      organizationId: 'org-1',
      activities: [{ id: 'act-1', displayMessageTemplate: '{{user}} replied' }],
    },
    response: { status: ok, message: 'Activities processed.', data: saved('Activity updated.', 'act-1') },
  },
  'activities.delete': {
    request: { organizationId: 'org-1', activityIds: ['act-1'] },
    response: { status: ok, message: 'Activities processed.', data: saved('Activity deleted.', 'act-1') },
  },
  'notifications.add': {
    request: {
      ...doc,
      actionUser: alice,
      notificationId: 'notif-1',
      notifyUsers: [bob],
      displayHeadlineMessageTemplate: '{{actionUser}} mentioned you',
      displayBodyMessage: 'Can you review the intro?',
    },
    response: {
      status: ok,
      message: 'Notification added.',
      data: { success: true, message: 'Notification added.' },
    },
  },
  'notifications.get': {
    request: { organizationId: 'org-1', userId: 'bob', pageSize: 20 },
    // A user's inbox: each entry also names the recipient and whether they read it.
    response: {
      status: ok,
      message: 'Notifications retrieved.',
      data: [
        {
          id: 'notif-1',
          ...doc,
          actionUser: alice,
          isNotificationResolverUsed: false,
          notificationSource: 'custom',
          displayHeadlineMessageTemplate: '{{actionUser}} mentioned you',
          displayBodyMessage: 'Can you review the intro?',
          timestamp: ms,
          userId: 'bob',
          isRead: false,
        },
      ],
    },
  },
  'notifications.update': {
    request: { organizationId: 'org-1', notifications: [{ id: 'notif-1', readByUserIds: ['bob'] }] },
    response: {
      status: ok,
      message: 'Notifications processed.',
      data: saved('Notification updated.', 'notif-1'),
    },
  },
  'notifications.delete': {
    request: { organizationId: 'org-1', notificationIds: ['notif-1'] },
    response: {
      status: ok,
      message: 'Notifications processed.',
      data: saved('Notification deleted.', 'notif-1'),
    },
  },
  'crdt.add': {
    request: editorResource,
    response: { status: ok, message: 'Editor content saved.' },
  },
  'crdt.get': {
    request: { ...doc, editorId: 'editor-1' },
    response: {
      status: ok,
      message: 'Editor content retrieved.',
      data: [{ id: 'editor-1', type: 'text', data: 'Hello, world', lastUpdate: ms, lastUpdatedBy: 'alice' }],
    },
  },
  'crdt.update': {
    request: { ...editorResource, data: 'Hello, collaborators' },
    response: { status: ok, message: 'Editor content saved.' },
  },
  'livestate.broadcast': {
    request: { ...doc, liveStateDataId: 'cursor', data: { page: 2 }, merge: true },
    response: { status: ok, message: 'Live state broadcast.' },
  },
  'memory.search': {
    request: {
      query: 'Is passive voice allowed in headings?',
      scope: 'organization',
      organizationId: 'org-1',
      limit: 5,
    },
    response: { results: [judgment], totalInScope: 42, searchLatencyMs: 38 },
  },
  'memory.judgments.query': {
    request: { organizationId: 'org-1', filters: { decision: 'approve' }, limit: 10 },
    response: { results: [judgment], total: 1 },
  },
  'commentannotations.add': {
    request: {
      ...doc,
      commentAnnotations: [
        {
          annotationId: 'ann-1',
          commentData: [{ commentId: 'c-1', commentText: 'Typo in the title.', from: alice }],
        },
      ],
    },
    response: {
      status: ok,
      message: 'Annotations processed.',
      data: {
        'ann-1': { success: true, annotationId: 'ann-1', commentIds: ['c-1'], message: 'Annotation added.' },
      },
    },
  },
  'commentannotations.get': {
    request: { ...doc, pageSize: 20 },
    response: {
      status: ok,
      message: 'Annotations retrieved.',
      data: [
        {
          ...annotation,
          comments: [
            {
              commentId: 'c-1',
              annotationId: 'ann-1',
              commentText: 'Typo in the title.',
              from: alice,
              createdAt: ms,
              lastUpdated: ms,
              reactions: [{ icon: '👍', user: bob, createdAt: ms }],
            },
          ],
        },
      ],
    },
  },
  'commentannotations.update': {
    request: { ...doc, annotationId: 'ann-1', status: 'resolved', actionUser: alice },
    response: { status: ok, message: 'Annotation updated.', data: { ...annotation, status: 'resolved' } },
  },
  'commentannotations.delete': {
    request: { ...doc, annotationIds: ['ann-1'], actionUser: alice },
    response: {
      status: ok,
      message: 'Annotations processed.',
      data: { 'ann-1': { success: true, message: 'Annotation deleted.' } },
    },
  },
  'commentannotations.comments.add': {
    request: { ...doc, annotationId: 'ann-1', commentData: [{ commentText: 'Fixed, thanks!', from: bob }] },
    response: { status: ok, message: 'Comments added.', data: ['c-2'] },
  },
  'commentannotations.comments.update': {
    request: {
      ...doc,
      annotationId: 'ann-1',
      commentId: 'c-2',
      commentText: 'Fixed in v2, thanks!',
      actionUser: bob,
    },
    response: { status: ok, message: 'Comment updated.' },
  },
  'commentannotations.comments.delete': {
    request: { ...doc, annotationId: 'ann-1', commentIds: ['c-2'], actionUser: bob },
    response: { status: ok, message: 'Comments processed.', data: saved('Comment deleted.', 'c-2') },
  },
  'commentannotations.reactions.add': {
    request: reaction,
    response: { status: ok, message: 'Reaction added.' },
  },
  'commentannotations.reactions.delete': {
    request: reaction,
    response: { status: ok, message: 'Reaction removed.' },
  },
} satisfies { [Name in RouteName]: RouteExample<Name> };
