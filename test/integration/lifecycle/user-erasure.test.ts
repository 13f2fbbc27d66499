import { randomUUID } from 'node:crypto';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { crashAfter, type MigrationQueue, seedDocument, startMigrationQueue } from '../migration/support';

jest.setTimeout(60_000);

let queue: MigrationQueue;
let workspace: TestWorkspace;
let other: TestWorkspace;

beforeAll(async () => {
  queue = await startMigrationQueue();
  [workspace, other] = await Promise.all([createTestWorkspace(), createTestWorkspace()]);
});
afterAll(() => queue.stop());

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
  await succeed(owner, 'organizations.usergroups.add', {
    organizationId,
    organizationUserGroups: [{ groupId: 'reviewers', groupName: 'Reviewers' }],
  });
  await succeed(owner, 'organizations.usergroups.users.add', {
    organizationId,
    organizationUserGroupId: 'reviewers',
    userIds: ['bob', 'carol'],
  });
  for (const actionUser of [bob, carol])
    await succeed(owner, 'commentannotations.reactions.add', {
      organizationId,
      documentId,
      annotationId: 'shared',
      commentId: 'c1',
      icon: 'heart',
      actionUser,
    });
  return { organizationId, documentId };
}

async function userData(owner: TestWorkspace, userId: string) {
  return (await succeed(owner, 'users.data.get', { userId })).items as { feature: string; id: string }[];
}

const statusOf = async (owner: TestWorkspace, jobId: string) =>
  (await callAs(owner, 'users.data.delete.status', { jobId })).json;

describe('users.data.delete', () => {
  it("erases a user's data with counts per feature; other users' replies survive and the email is gone from every answer", async () => {
    const { organizationId, documentId } = await seedBob(workspace);
    await seedBob(other);
    const before = await userData(workspace, 'bob');
    expect(before.length).toBeGreaterThan(10);

    const { jobId } = await succeed(workspace, 'users.data.delete', { userId: 'bob' });
    const pending = await statusOf(workspace, jobId);
    expect(pending.result?.data).toMatchObject({ jobId, status: 'pending' });
    const { counts } = (pending.result?.data ?? {}) as { counts: object };
    expect(Object.keys(counts).sort()).toEqual([
      'activity',
      'comment',
      'crdt',
      'grant',
      'group',
      'judgment',
      'membership',
      'notification',
      'reaction',
    ]);
    const runs = await queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    const done = (await statusOf(workspace, jobId)).result?.data as {
      status: string;
      counts: Record<string, number>;
    };
    expect(done.status).toBe('completed');
    const listed = (feature: string) => before.filter((item) => item.feature === feature).length;
    for (const feature of [
      'membership',
      'group',
      'notification',
      'comment',
      'reaction',
      'activity',
      'judgment',
    ])
      expect([feature, done.counts[feature]]).toEqual([feature, listed(feature)]);

    expect(await userData(workspace, 'bob')).toEqual([]);
    // Another API key's bob is untouched.
    expect((await userData(other, 'bob')).length).toBe(before.length);

    const threads = await succeed(workspace, 'commentannotations.get', { organizationId, documentId });
    const ids = threads.map((thread: { annotationId: string }) => thread.annotationId).sort();
    // Bob's own threads are gone (the seed's and 'alone'); the one carol answered stays with her reply.
    expect(ids).toEqual(['shared']);
    const shared = threads.find((thread: { annotationId: string }) => thread.annotationId === 'shared');
    expect(shared.comments.map((comment: { commentId: string }) => comment.commentId)).toEqual(['c1']);
    // Bob's reaction is gone from carol's answer, hers stays; he left the group, she did not.
    expect(
      shared.comments[0].reactions.map((reaction: { user: { userId: string } }) => reaction.user.userId),
    ).toEqual(['carol']);
    const groups = await succeed(workspace, 'organizations.usergroups.get', { organizationId });
    expect(groups).toEqual([{ groupId: 'reviewers', groupName: 'Reviewers', userIds: ['carol'] }]);
    expect(done.counts.group).toBe(1);
    expect(done.counts.reaction).toBe(1);
    const answers = [
      threads,
      await succeed(workspace, 'activities.get', { organizationId }),
      await succeed(workspace, 'users.get', { organizationId }),
      await succeed(workspace, 'notifications.get', { organizationId, userId: 'carol' }),
    ];
    expect(JSON.stringify(answers)).not.toContain(bob.email);
    expect(JSON.stringify(answers)).toContain(carol.email);
  });

  it('finishes after a crash with nothing left, and reports unknown or foreign jobs as NOT_FOUND', async () => {
    await seedBob(workspace);
    const { jobId } = await succeed(workspace, 'users.data.delete', { userId: 'bob' });
    const crash = crashAfter(6);
    const crashed = await queue.runWorkerOnce();
    crash.mockRestore();
    expect(crashed?.failed).toBe(true);
    await queue.drain();
    expect((await statusOf(workspace, jobId)).result?.data).toMatchObject({ status: 'completed' });
    expect(await userData(workspace, 'bob')).toEqual([]);

    expect((await statusOf(other, jobId)).error?.status).toBe('NOT_FOUND');
    expect((await statusOf(workspace, randomUUID())).error?.status).toBe('NOT_FOUND');
    expect((await callAs(workspace, 'users.data.delete.status', {})).json.error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await callAs(workspace, 'users.data.delete', {})).json.error?.status).toBe('INVALID_ARGUMENT');
  });
});
