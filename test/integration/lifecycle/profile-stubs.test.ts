import { randomUUID } from 'node:crypto';
import { type RouteName, routes } from '../../../shared/http/routes';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { type MigrationQueue, startMigrationQueue } from '../migration/support';

jest.setTimeout(90_000);

let queue: MigrationQueue;
let workspace: TestWorkspace;

beforeAll(async () => {
  queue = await startMigrationQueue();
  workspace = await createTestWorkspace();
});
afterAll(() => queue.stop());

const unique = randomUUID();
const zed = { userId: 'zed', name: `Zed ${unique}`, email: `zed-${unique}@example.com` };
const carol = { userId: 'carol', name: 'Carol', email: `carol-${unique}@example.com` };

/** Zed in every feature of an organization, next to carol who answers, tags and reacts to him. */
async function seedZed(organizationId: string, documentId: string) {
  await succeed(workspace, 'workspace.activityconfig.update', { activityServiceConfig: { isEnabled: true } });
  await succeed(workspace, 'organizations.add', {
    organizations: [{ organizationId, organizationName: 'Zed and co' }],
  });
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId, documentName: 'Spec' }],
  });
  await succeed(workspace, 'users.add', {
    organizationId,
    users: [zed, carol].map((user) => ({ ...user, accessRole: 'editor' })),
  });
  await succeed(workspace, 'users.add', {
    organizationId,
    documentId,
    users: [{ ...zed, accessRole: 'editor' }],
  });
  await succeed(workspace, 'auth.permissions.add', {
    user: { userId: 'zed' },
    permissions: { resources: [{ type: 'document', id: documentId, organizationId, accessRole: 'viewer' }] },
  });
  await succeed(workspace, 'organizations.usergroups.add', {
    organizationId,
    organizationUserGroups: [{ groupId: 'team', groupName: 'Team' }],
  });
  await succeed(workspace, 'organizations.usergroups.users.add', {
    organizationId,
    organizationUserGroupId: 'team',
    userIds: ['zed', 'carol'],
  });
  const scope = { organizationId, documentId };
  await succeed(workspace, 'commentannotations.add', {
    ...scope,
    commentAnnotations: [
      {
        annotationId: 'shared',
        assignedTo: zed,
        commentData: [{ commentId: 'z1', commentText: 'question', from: zed, triggerNotification: true }],
      },
    ],
  });
  await succeed(workspace, 'commentannotations.comments.add', {
    ...scope,
    annotationId: 'shared',
    commentData: [
      {
        commentId: 'c1',
        commentText: '@Zed answer',
        from: carol,
        taggedUserContacts: [{ userId: 'zed', contact: zed }],
        triggerNotification: true,
      },
    ],
  });
  const react = (commentId: string, actionUser: typeof zed) =>
    succeed(workspace, 'commentannotations.reactions.add', {
      ...scope,
      annotationId: 'shared',
      commentId,
      icon: 'heart',
      actionUser,
    });
  await react('z1', carol);
  await react('c1', zed);
  for (const [actionUser, notifyUsers] of [
    [zed, [carol]],
    [carol, [zed]],
  ] as const)
    await succeed(workspace, 'notifications.add', {
      ...scope,
      actionUser,
      notifyUsers,
      notifyAll: false,
      displayHeadlineMessageTemplate: '{actionUser} pinged you',
      displayHeadlineMessageTemplateData: { actionUser },
      displayBodyMessage: 'ping',
    });
  await succeed(workspace, 'activities.add', {
    ...scope,
    activities: [{ featureType: 'comment', actionType: 'comment.add', actionUser: zed }],
  });
  await succeed(workspace, 'crdt.add', {
    ...scope,
    editorId: 'zeds',
    type: 'text',
    data: 'z',
    userId: 'zed',
  });
}

/** Every read route of the API key's organization and document, with the answers' bodies. */
async function readEverything(organizationId: string, documentId: string) {
  const scope = { organizationId, documentId };
  const reads: [RouteName, Record<string, unknown>][] = [
    ['organizations.get', { organizationIds: [organizationId] }],
    ['organizations.folders.get', { organizationId }],
    ['organizations.documents.get', { organizationId }],
    ['users.get', { organizationId }],
    ['users.get', scope],
    ['users.data.get', { userId: 'zed' }],
    ['users.data.get', { userId: 'carol' }],
    ['organizations.usergroups.get', { organizationId }],
    ['auth.permissions.get', { organizationId, userIds: ['zed', 'carol'], documentIds: [documentId] }],
    ['notifications.get', { organizationId, userId: 'carol' }],
    ['notifications.get', { organizationId, userId: 'zed' }],
    ['notifications.get', scope],
    ['activities.get', { organizationId }],
    ['crdt.get', scope],
    ['commentannotations.get', scope],
    ['memory.search', { organizationId, query: 'answer question' }],
    ['memory.judgments.query', { organizationId }],
  ];
  const answers = await Promise.all(
    reads.map(async ([route, data]) => {
      const response = await callAs(workspace, route, data);
      expect([route, response.statusCode]).toEqual([route, 200]);
      return [route, response.json] as const;
    }),
  );
  return Object.fromEntries(answers.map(([route, json], index) => [`${index}:${route}`, json]));
}

describe('users.data.delete: profile copies', () => {
  it("leaves the user's email and name in no answer of any read route; others' replies survive", async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    await seedZed(organizationId, documentId);
    const before = JSON.stringify(await readEverything(organizationId, documentId));
    expect(before).toContain(zed.email);

    const { jobId } = await succeed(workspace, 'users.data.delete', { userId: 'zed' });
    await queue.drain();
    const status = await succeed(workspace, 'users.data.delete.status', { jobId });
    expect(status.status).toBe('completed');

    const answers = await readEverything(organizationId, documentId);
    const text = JSON.stringify(answers);
    expect(text).not.toContain(zed.email);
    expect(text).not.toContain(zed.name);
    expect(text).toContain(carol.email);
    expect(text).toContain('Deleted user');
    expect(
      (answers['5:users.data.get'] as { result: { data: { items: unknown[] } } }).result.data.items,
    ).toEqual([]);
    const threads = answers['14:commentannotations.get'] as {
      result: { data: { annotationId: string; comments: { commentId: string }[] }[] };
    };
    expect(threads.result.data.map((thread) => thread.comments.map((comment) => comment.commentId))).toEqual([
      ['c1'],
    ]);
    // Every read route of organization data was called: workspace configuration and webhook
    // endpoints hold no user data here (no endpoint, so no delivery), no migration ran, and the
    // job's status was read above.
    const notOrganizationData: string[] = ['organizations.documents.migrate.status', 'users.data.delete.status'];
    const readRoutes = routes.filter(
      (route) =>
        route.db === 'read' &&
        !route.name.startsWith('workspace.') &&
        !notOrganizationData.includes(route.name),
    );
    const called = new Set(Object.keys(answers).map((name) => name.slice(name.indexOf(':') + 1)));
    expect(readRoutes.map((route) => route.name).filter((name) => !called.has(name))).toEqual([]);
  });
});
