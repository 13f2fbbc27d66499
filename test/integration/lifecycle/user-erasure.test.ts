import { randomUUID } from 'node:crypto';
import { type RouteName, routes } from '../../../shared/api/routes';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { crashAfter, seedDocument } from '../migration/support';
import { featuresOfUserData, seedGroup, seedReaction, useJobQueueAndWorkspaces } from './support';

jest.setTimeout(90_000);

const setup = useJobQueueAndWorkspaces();

const bob = { userId: 'bob', name: 'Bob Example', email: 'bob.private@example.com' };
const carol = { userId: 'carol', name: 'Carol', email: 'carol@example.com' };

/**
 * Bob's data in a fresh organization: the migration seed (memberships, inbox, comments, activities,
 * judgments), a profile with his email, and a thread he started (with his email) that carol
 * answered, and one only he wrote in; he and carol are in a group and reacted to her answer.
 */
async function seedBob(owner: TestWorkspace) {
  const organizationId = `org-${randomUUID()}`;
  const documentId = `doc-${randomUUID()}`;
  await seedDocument(owner, organizationId, documentId);
  await succeed(owner, 'users.add', { organizationId, users: [{ ...bob, accessRole: 'editor' }] });
  await succeed(owner, 'commentannotations.add', {
    organizationId,
    documentId,
    commentAnnotations: [
      { annotationId: 'shared', commentData: [{ commentId: 'b1', commentText: 'question', from: bob }] },
      { annotationId: 'alone', commentData: [{ commentId: 'b2', commentText: 'note', from: bob }] },
    ],
  });
  await succeed(owner, 'commentannotations.comments.add', {
    organizationId,
    documentId,
    annotationId: 'shared',
    commentData: [{ commentId: 'c1', commentText: 'answer', from: carol }],
  });
  await succeed(owner, 'users.add', { organizationId, users: [{ ...carol, accessRole: 'editor' }] });
  await seedGroup(owner, organizationId, 'reviewers', ['bob', 'carol']);
  for (const actionUser of [bob, carol])
    await seedReaction(
      owner,
      { organizationId, documentId, annotationId: 'shared', commentId: 'c1' },
      actionUser,
      'heart',
    );
  return { organizationId, documentId };
}

async function userData(owner: TestWorkspace, userId: string) {
  return (await succeed(owner, 'users.data.get', { userId })).items as { feature: string; id: string }[];
}

const statusOf = async (owner: TestWorkspace, jobId: string) =>
  (await callAs(owner, 'users.data.delete.status', { jobId })).json;

describe('users.data.delete', () => {
  it("erases only in the organizations it names: the user's data in another stays whole", async () => {
    // A workspace of its own: the other tests count all of bob's data in theirs.
    const owner = await createTestWorkspace();
    const erased = await seedBob(owner);
    const kept = await seedBob(owner);
    const dataIn = async ({ organizationId }: { organizationId: string }) =>
      (await succeed(owner, 'users.data.get', { userId: 'bob', organizationId })).items;
    const keptBefore = await dataIn(kept);
    expect((await dataIn(erased)).length).toBeGreaterThan(10);

    await succeed(owner, 'users.data.delete', {
      userId: 'bob',
      organizationIds: [erased.organizationId],
    });
    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    expect(await dataIn(erased)).toEqual([]);
    expect(await dataIn(kept)).toEqual(keptBefore);
  });

  it("erases a user's data with counts per feature; setup.other users' replies survive and the email is gone from every answer", async () => {
    const { organizationId, documentId } = await seedBob(setup.workspace);
    await seedBob(setup.other);
    const before = await userData(setup.workspace, 'bob');
    expect(before.length).toBeGreaterThan(10);

    const { jobId } = await succeed(setup.workspace, 'users.data.delete', { userId: 'bob' });
    const pending = await statusOf(setup.workspace, jobId);
    expect(pending.result?.data).toMatchObject({ jobId, status: 'pending' });
    const { counts } = (pending.result?.data ?? {}) as { counts: object };
    expect(Object.keys(counts).sort()).toEqual(featuresOfUserData);
    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    const done = (await statusOf(setup.workspace, jobId)).result?.data as {
      status: string;
      counts: Record<string, number>;
    };
    expect(done.status).toBe('completed');
    const listed = (feature: string) => before.filter((item) => item.feature === feature).length;
    // CRDT editors the user created are taken off the listing but kept (shared content): not counted.
    for (const feature of featuresOfUserData.filter((feature) => feature !== 'crdt'))
      expect([feature, done.counts[feature]]).toEqual([feature, listed(feature)]);

    expect(await userData(setup.workspace, 'bob')).toEqual([]);
    // Another API key's bob is untouched.
    expect((await userData(setup.other, 'bob')).length).toBe(before.length);

    const threads = await succeed(setup.workspace, 'commentannotations.get', { organizationId, documentId });
    const ids = threads.map((thread: { annotationId: string }) => thread.annotationId).sort();
    // Bob's own threads are gone (the seed's and 'alone'); the one carol answered stays with her reply.
    expect(ids).toEqual(['shared']);
    const shared = threads.find((thread: { annotationId: string }) => thread.annotationId === 'shared');
    expect(shared.comments.map((comment: { commentId: string }) => comment.commentId)).toEqual(['c1']);
    // Bob's reaction is gone from carol's answer, hers stays; he left the group, she did not.
    expect(
      shared.comments[0].reactions.map((reaction: { user: { userId: string } }) => reaction.user.userId),
    ).toEqual(['carol']);
    const groups = await succeed(setup.workspace, 'organizations.usergroups.get', { organizationId });
    expect(groups).toEqual([{ groupId: 'reviewers', groupName: 'Group reviewers', userIds: ['carol'] }]);
    expect(done.counts.group).toBe(1);
    expect(done.counts.reaction).toBe(1);
    const answers = [
      threads,
      await succeed(setup.workspace, 'activities.get', { organizationId }),
      await succeed(setup.workspace, 'users.get', { organizationId }),
      await succeed(setup.workspace, 'notifications.get', { organizationId, userId: 'carol' }),
    ];
    expect(JSON.stringify(answers)).not.toContain(bob.email);
    expect(JSON.stringify(answers)).toContain(carol.email);
  });

  it('finishes after a crash with nothing left, and reports unknown or foreign jobs as NOT_FOUND', async () => {
    await seedBob(setup.workspace);
    const { jobId } = await succeed(setup.workspace, 'users.data.delete', { userId: 'bob' });
    const crash = crashAfter(6);
    const crashed = await setup.queue.runWorkerOnce();
    crash.mockRestore();
    expect(crashed?.failed).toBe(true);
    await setup.queue.drain();
    expect((await statusOf(setup.workspace, jobId)).result?.data).toMatchObject({ status: 'completed' });
    expect(await userData(setup.workspace, 'bob')).toEqual([]);

    expect((await statusOf(setup.other, jobId)).error?.status).toBe('NOT_FOUND');
    expect((await statusOf(setup.workspace, randomUUID())).error?.status).toBe('NOT_FOUND');
    expect((await callAs(setup.workspace, 'users.data.delete.status', {})).json.error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await callAs(setup.workspace, 'users.data.delete', {})).json.error?.status).toBe(
      'INVALID_ARGUMENT',
    );
  });
});

const unique = randomUUID();
const zed = { userId: 'zed', name: `Zed ${unique}`, email: `zed-${unique}@example.com` };

/** Zed in every feature of an organization, next to carol who answers, tags and reacts to him. */
async function seedZed(organizationId: string, documentId: string) {
  await succeed(setup.workspace, 'workspace.activityconfig.update', {
    activityServiceConfig: { isEnabled: true },
  });
  await succeed(setup.workspace, 'organizations.add', {
    organizations: [{ organizationId, organizationName: 'Zed and co' }],
  });
  await succeed(setup.workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId, documentName: 'Spec' }],
  });
  await succeed(setup.workspace, 'users.add', {
    organizationId,
    users: [zed, carol].map((user) => ({ ...user, accessRole: 'editor' })),
  });
  await succeed(setup.workspace, 'users.add', {
    organizationId,
    documentId,
    users: [{ ...zed, accessRole: 'editor' }],
  });
  await succeed(setup.workspace, 'auth.permissions.add', {
    user: { userId: 'zed' },
    permissions: { resources: [{ type: 'document', id: documentId, organizationId, accessRole: 'viewer' }] },
  });
  await seedGroup(setup.workspace, organizationId, 'team', ['zed', 'carol']);
  const scope = { organizationId, documentId };
  await succeed(setup.workspace, 'commentannotations.add', {
    ...scope,
    commentAnnotations: [
      {
        annotationId: 'shared',
        assignedTo: zed,
        commentData: [{ commentId: 'z1', commentText: 'question', from: zed, triggerNotification: true }],
      },
    ],
  });
  await succeed(setup.workspace, 'commentannotations.comments.add', {
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
  await seedReaction(setup.workspace, { ...scope, annotationId: 'shared', commentId: 'z1' }, carol, 'heart');
  await seedReaction(setup.workspace, { ...scope, annotationId: 'shared', commentId: 'c1' }, zed, 'heart');
  for (const [actionUser, notifyUsers] of [
    [zed, [carol]],
    [carol, [zed]],
  ] as const)
    await succeed(setup.workspace, 'notifications.add', {
      ...scope,
      actionUser,
      notifyUsers,
      notifyAll: false,
      displayHeadlineMessageTemplate: '{actionUser} pinged you',
      displayHeadlineMessageTemplateData: { actionUser },
      displayBodyMessage: 'ping',
    });
  await succeed(setup.workspace, 'activities.add', {
    ...scope,
    activities: [{ featureType: 'comment', actionType: 'comment.add', actionUser: zed }],
  });
  await succeed(setup.workspace, 'crdt.add', {
    ...scope,
    editorId: 'zeds',
    type: 'text',
    data: 'z',
    userId: 'zed',
  });
  // A version zed made, given zed's whole profile: only the user id is kept.
  await succeed(setup.workspace, 'crdt.versions.create', { ...scope, editorId: 'zeds', actionUser: zed });
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
    ['crdt.versions.get', { ...scope, editorId: 'zeds' }],
    ['notifications.count', { organizationId, userId: 'zed' }],
    ['notifications.config.get', { organizationId, userId: 'zed', documentIds: [documentId] }],
    ['commentannotations.count', { organizationId, documentIds: [documentId], userId: 'zed' }],
  ];
  const answers = await Promise.all(
    reads.map(async ([route, data]) => {
      const response = await callAs(setup.workspace, route, data);
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

    const { jobId } = await succeed(setup.workspace, 'users.data.delete', { userId: 'zed' });
    await setup.queue.drain();
    const statusResponse = await callAs(setup.workspace, 'users.data.delete.status', { jobId });
    const status = statusResponse.json.result?.data;
    expect(status.status).toBe('completed');
    // The job read travels with the auth read (prefetch).
    expect(statusResponse.db.commands).toEqual(['GetItem', 'GetItem']);
    expect(statusResponse.db.serialRoundTrips).toBe(1);

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
    // Every read route of organization data was called: setup.workspace configuration and webhook
    // endpoints hold no user data here (no endpoint, so no delivery), no migration ran, and the
    // job's status was read above.
    const notOrganizationData: string[] = [
      'organizations.documents.migrate.status',
      'users.data.delete.status',
    ];
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
