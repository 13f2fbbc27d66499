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
/** A success `result` carrying `data`. */
const answer = <Data>(message: string, data: Data) => ({ status: ok, message, data });
/** A success `result` without data. */
const acknowledged = (message: string) => ({ status: ok, message });
/** A batch operation's `result` (`<items> processed.`) with one item saved under its id. */
const processed = (items: string, message: string, id: string) =>
  answer(`${items} processed.`, saved(message, id));
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
const permissionProvider = {
  usePermissionProvider: true,
  permissionProviderConfig: { permissionProviderUrl: 'https://auth.example.com/check', authToken: 'pp_1' },
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
    response: answer('Workspace created.', {
      id: 'ws-1',
      name: "Alice's workspace",
      owner,
      apiKeyList,
      authToken: 'wtok_8d2e',
    }),
  },
  'workspace.get': {
    request: {},
    response: answer('Workspace retrieved.', { id: 'ws-1', name: "Alice's workspace", owner, apiKeyList }),
  },
  'workspace.apikey.create': {
    request: { type: 'production', apiKeyName: 'Production', allowedDomains: ['app.example.com'] },
    response: answer('API key created.', { apiKey: 'key-2' }),
  },
  'workspace.apikeys.get': {
    request: { pageSize: 20 },
    response: answer('API keys retrieved.', [apiKeyList['key-1']]),
  },
  'workspace.authtokens.get': {
    request: { apiKey: 'key-1' },
    response: answer('Auth tokens retrieved.', { apiKey: 'key-1', authTokens: [authToken] }),
  },
  'workspace.authtoken.reset': {
    request: { apiKey: 'key-1' },
    response: answer('Auth token reset.', {
      apiKey: 'key-1',
      newAuthToken: { ...authToken, token: 'tok_7b21e0' },
    }),
  },
  'workspace.domains.get': {
    request: {},
    response: answer('Domains retrieved.', { domains: ['app.example.com'] }),
  },
  'workspace.domains.add': {
    request: { domains: ['docs.example.com'] },
    response: answer('Domains added.', { domainsAdded: ['docs.example.com'] }),
  },
  'workspace.domains.delete': {
    request: { domains: ['docs.example.com'] },
    response: answer('Domains removed.', { domainsRemoved: ['docs.example.com'] }),
  },
  'workspace.webhookconfig.get': {
    request: {},
    response: answer('Webhook config retrieved.', { useWebhookService: true, webhookServiceConfig }),
  },
  'workspace.webhookconfig.update': {
    request: { useWebhookService: true, webhookServiceConfig: { triggers: { 'comment.added': true } } },
    response: answer('Webhook config updated.', { useWebhookService: true, webhookServiceConfig }),
  },
  'workspace.advancedwebhookconfig.get': {
    request: {},
    response: answer('Advanced webhook config retrieved.', advancedWebhookConfig),
  },
  'workspace.advancedwebhookconfig.update': {
    request: { isEnabled: true },
    response: answer('Advanced webhook config updated.', advancedWebhookConfig),
  },
  'workspace.activityconfig.get': {
    request: {},
    response: answer('Activity config retrieved.', {
      activityServiceConfig: { isEnabled: true, immutable: false },
    }),
  },
  'workspace.activityconfig.update': {
    request: { activityServiceConfig: { isEnabled: true, triggers: { comment: { added: true } } } },
    response: answer('Activity config updated.', {
      activityServiceConfig: { isEnabled: true, triggers: { comment: { added: true } } },
    }),
  },
  'workspace.permissionproviderconfig.get': {
    request: {},
    response: answer('Permission provider config retrieved.', permissionProvider),
  },
  'workspace.permissionproviderconfig.update': {
    request: permissionProvider,
    response: answer('Permission provider config updated.', permissionProvider),
  },
  'workspace.advancedwebhook.endpoints.get': {
    request: { limit: 10 },
    response: answer('Endpoints retrieved.', {
      endpoints: [endpoint],
      iterator: null,
      prevIterator: null,
      done: true,
    }),
  },
  'workspace.advancedwebhook.endpoints.create': {
    request: { url: endpoint.url, description: endpoint.description, filterTypes: ['comment.added'] },
    response: answer('Endpoint created.', endpoint),
  },
  'workspace.advancedwebhook.endpoints.update': {
    request: { endpointId: 'ep-1', disabled: true },
    response: answer('Endpoint updated.', { ...endpoint, disabled: true }),
  },
  'workspace.advancedwebhook.endpoints.delete': {
    request: { endpointId: 'ep-1' },
    response: acknowledged('Endpoint deleted.'),
  },
  'workspace.advancedwebhook.endpoints.secret.get': {
    request: { endpointId: 'ep-1' },
    response: answer('Endpoint secret retrieved.', {
      endpointId: 'ep-1',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  },
  'workspace.advancedwebhook.endpoints.secret.rotate': {
    request: { endpointId: 'ep-1' },
    response: answer('Endpoint secret rotated.', {
      endpointId: 'ep-1',
      secret: 'whsec_4oBm1n2bQv7sX0cYk9Lh3TzWq6RjEuAp',
    }),
  },
  'workspace.advancedwebhook.endpoints.messages.get': {
    request: { endpointId: 'ep-1', limit: 10 },
    response: answer('Messages retrieved.', { messages: [message], pageToken: null }),
  },
  'workspace.advancedwebhook.endpoints.messages.replay': {
    request: { endpointId: 'ep-1', messageId: 'msg-1', timestamp: ms },
    response: answer('Message queued for replay.', { ...message, status: 'pending', nextAttemptAt: at }),
  },
  'workspace.webhooks.test': {
    request: { endpointId: 'ep-1' },
    response: answer('Test event sent.', { messageId: 'msg-2', timestamp: ms, targets: ['endpoint:ep-1'] }),
  },
  'organizations.add': {
    request: { organizations: [{ organizationId: 'org-1', organizationName: 'Acme' }] },
    response: processed('Organizations', 'Organization added.', 'org-1'),
  },
  'organizations.get': {
    request: { organizationIds: ['org-1'] },
    response: answer('Organizations retrieved.', [
      { id: 'org-1', organizationName: 'Acme', disabled: false },
    ]),
  },
  'organizations.delete': {
    request: { organizationIds: ['org-1'] },
    response: processed('Organizations', 'Organization deleted.', 'org-1'),
  },
  'organizations.folders.add': {
    request: { organizationId: 'org-1', folders: [{ folderId: 'folder-1', folderName: 'Specs' }] },
    response: processed('Folders', 'Folder added.', 'folder-1'),
  },
  'organizations.folders.get': {
    request: { organizationId: 'org-1', folderId: 'folder-1', maxDepth: 1 },
    response: answer('Folders retrieved.', [{ ...folder, subFolders: [] }]),
  },
  'organizations.folders.update': {
    request: { organizationId: 'org-1', folders: [{ folderId: 'folder-1', folderName: 'Specifications' }] },
    response: processed('Folders', 'Folder updated.', 'folder-1'),
  },
  'organizations.folders.delete': {
    request: { organizationId: 'org-1', folderId: 'folder-1' },
    response: acknowledged('Folder deleted.'),
  },
  'organizations.documents.add': {
    request: {
      organizationId: 'org-1',
      folderId: 'folder-1',
      documents: [{ documentId: 'doc-1', documentName: 'Roadmap' }],
    },
    response: processed('Documents', 'Document added.', 'doc-1'),
  },
  'organizations.documents.get': {
    request: { organizationId: 'org-1', documentIds: ['doc-1'] },
    response: answer('Documents retrieved.', [
      {
        id: 'doc-1',
        documentName: 'Roadmap',
        folderId: 'folder-1',
        accessType: 'organizationPrivate',
        disabled: false,
      },
    ]),
  },
  'organizations.documents.delete': {
    request: { organizationId: 'org-1', documentIds: ['doc-1'] },
    response: processed('Documents', 'Document deleted.', 'doc-1'),
  },
  'organizations.documents.migrate': {
    request: { ...doc, newDocumentId: 'doc-2' },
    response: answer('Migration started.', { migrationId: 'mig-1' }),
  },
  'organizations.documents.migrate.status': {
    request: { organizationId: 'org-1', migrationId: 'mig-1' },
    response: answer('Migration status retrieved.', {
      migrationId: 'mig-1',
      status: 'completed',
      moved: { comments: 12, notifications: 3 },
    }),
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
  'users.data.get': {
    request: { userId: 'alice', organizationId: 'org-1' },
    response: answer('User data retrieved.', {
      userId: 'alice',
      items: [
        { feature: 'membership', organizationId: 'org-1', id: 'alice', record: { accessRole: 'editor' } },
      ],
    }),
  },
  'users.data.delete': {
    request: { userId: 'alice' },
    response: answer('Erasure started.', { jobId: 'job-1' }),
  },
  'users.data.delete.status': {
    request: { jobId: 'job-1' },
    response: answer('Erasure status retrieved.', {
      jobId: 'job-1',
      status: 'completed',
      counts: { comment: 3, notification: 5 },
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
  'activities.add': {
    request: { ...doc, activities: [{ id: 'act-1', ...activity }] },
    response: processed('Activities', 'Activity added.', 'act-1'),
  },
  'activities.get': {
    request: { ...doc, pageSize: 20 },
    response: answer('Activities retrieved.', [
      { id: 'act-1', ...activity, metadata: { apiKey: 'key-1', ...doc }, timestamp: ms },
    ]),
  },
  'activities.update': {
    request: {
      organizationId: 'org-1',
      activities: [{ id: 'act-1', displayMessageTemplate: '{{user}} replied' }],
    },
    response: processed('Activities', 'Activity updated.', 'act-1'),
  },
  'activities.delete': {
    request: { organizationId: 'org-1', activityIds: ['act-1'] },
    response: processed('Activities', 'Activity deleted.', 'act-1'),
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
    response: answer('Notification added.', { success: true, message: 'Notification added.' }),
  },
  'notifications.get': {
    request: { organizationId: 'org-1', userId: 'bob', pageSize: 20 },
    // A user's inbox: each entry also names the recipient and whether they read it.
    response: answer('Notifications retrieved.', [
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
    ]),
  },
  'notifications.update': {
    request: { organizationId: 'org-1', notifications: [{ id: 'notif-1', readByUserIds: ['bob'] }] },
    response: processed('Notifications', 'Notification updated.', 'notif-1'),
  },
  'notifications.delete': {
    request: { organizationId: 'org-1', notificationIds: ['notif-1'] },
    response: processed('Notifications', 'Notification deleted.', 'notif-1'),
  },
  'crdt.add': {
    request: editorResource,
    response: acknowledged('Editor content saved.'),
  },
  'crdt.get': {
    request: { ...doc, editorId: 'editor-1' },
    response: answer('Editor content retrieved.', [
      { id: 'editor-1', type: 'text', data: 'Hello, world', lastUpdate: ms, lastUpdatedBy: 'alice' },
    ]),
  },
  'crdt.update': {
    request: { ...editorResource, data: 'Hello, collaborators' },
    response: acknowledged('Editor content saved.'),
  },
  'livestate.broadcast': {
    request: { ...doc, liveStateDataId: 'cursor', data: { page: 2 }, merge: true },
    response: acknowledged('Live state broadcast.'),
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
    response: answer('Annotations processed.', {
      'ann-1': { success: true, annotationId: 'ann-1', commentIds: ['c-1'], message: 'Annotation added.' },
    }),
  },
  'commentannotations.get': {
    request: { ...doc, pageSize: 20 },
    response: answer('Annotations retrieved.', [
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
    ]),
  },
  'commentannotations.update': {
    request: { ...doc, annotationId: 'ann-1', status: 'resolved', actionUser: alice },
    response: answer('Annotation updated.', { ...annotation, status: 'resolved' }),
  },
  'commentannotations.delete': {
    request: { ...doc, annotationIds: ['ann-1'], actionUser: alice },
    response: answer('Annotations processed.', {
      'ann-1': { success: true, message: 'Annotation deleted.' },
    }),
  },
  'commentannotations.comments.add': {
    request: { ...doc, annotationId: 'ann-1', commentData: [{ commentText: 'Fixed, thanks!', from: bob }] },
    response: answer('Comments added.', ['c-2']),
  },
  'commentannotations.comments.update': {
    request: {
      ...doc,
      annotationId: 'ann-1',
      commentId: 'c-2',
      commentText: 'Fixed in v2, thanks!',
      actionUser: bob,
    },
    response: acknowledged('Comment updated.'),
  },
  'commentannotations.comments.delete': {
    request: { ...doc, annotationId: 'ann-1', commentIds: ['c-2'], actionUser: bob },
    response: processed('Comments', 'Comment deleted.', 'c-2'),
  },
  'commentannotations.reactions.add': {
    request: reaction,
    response: acknowledged('Reaction added.'),
  },
  'commentannotations.reactions.delete': {
    request: reaction,
    response: acknowledged('Reaction removed.'),
  },
} satisfies { [Name in RouteName]: RouteExample<Name> };
