import { randomUUID } from 'node:crypto';
import { annotationPage } from '../../../shared/comments/repository';
import { succeed } from '../../support/api';
import { alice, bob } from '../../support/people';
import type { TestWorkspace } from '../../support/workspaces';
import { storedUnderDocument, storedUnderOrganization, useJobQueueAndWorkspaces } from '../lifecycle/support';
import { migrate, statusOf } from '../migration/support';
import { comment } from './support';

jest.setTimeout(90_000);

const setup = useJobQueueAndWorkspaces();

async function givenDocuments(owner: TestWorkspace, documentIds: string[]) {
  const organizationId = `org-${randomUUID()}`;
  await succeed(owner, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(owner, 'organizations.documents.add', {
    organizationId,
    documents: documentIds.map((documentId) => ({ documentId })),
  });
  return organizationId;
}

/** Threads `ids` in the document, each with one comment by alice, read by `readers`. */
async function givenReadThreads(
  owner: TestWorkspace,
  scope: { organizationId: string; documentId: string },
  ids: string[],
  readers: string[],
) {
  await succeed(owner, 'commentannotations.add', {
    ...scope,
    commentAnnotations: ids.map((annotationId) => ({ annotationId, commentData: [comment(alice)] })),
  });
  for (const userId of readers)
    await succeed(owner, 'commentannotations.read.update', {
      ...scope,
      userId,
      annotationIds: ids,
      read: true,
    });
}

const countsOf = (owner: TestWorkspace, organizationId: string, documentIds: string[], userId: string) =>
  succeed(owner, 'commentannotations.count', { organizationId, documentIds, userId });

const readersOf = async (owner: TestWorkspace, organizationId: string, documentId: string) => {
  const { annotations } = await annotationPage(owner.apiKey, { organizationId, documentId }, 100, undefined);
  return Object.fromEntries(
    annotations.map(({ annotation }) => [
      annotation.annotationId,
      Object.keys(annotation.readBy ?? {}).sort(),
    ]),
  );
};

const drained = async () => {
  const runs = await setup.queue.drain();
  expect(runs.every((run) => !run.failed)).toBe(true);
};

describe('thread read state through the data lifecycle', () => {
  it("is erased with its user: their reads leave the threads, others' stay", async () => {
    const owner = setup.workspace;
    const organizationId = await givenDocuments(owner, ['d1', 'd2']);
    await givenReadThreads(owner, { organizationId, documentId: 'd1' }, ['t1', 't2'], ['gone-bob', 'carol']);
    await givenReadThreads(owner, { organizationId, documentId: 'd2' }, ['t3'], ['gone-bob']);
    expect(await countsOf(owner, organizationId, ['d1', 'd2'], 'gone-bob')).toEqual({
      d1: { total: 2, open: 2, unread: 0 },
      d2: { total: 1, open: 1, unread: 0 },
    });
    await succeed(owner, 'users.data.delete', { userId: 'gone-bob' });
    await drained();
    expect(await readersOf(owner, organizationId, 'd1')).toEqual({
      t1: ['alice', 'carol'],
      t2: ['alice', 'carol'],
    });
    expect(await readersOf(owner, organizationId, 'd2')).toEqual({ t3: ['alice'] });
    expect(await countsOf(owner, organizationId, ['d1', 'd2'], 'gone-bob')).toEqual({
      d1: { total: 2, open: 2, unread: 2 },
      d2: { total: 1, open: 1, unread: 1 },
    });
    expect(await countsOf(owner, organizationId, ['d1'], 'carol')).toEqual({
      d1: { total: 2, open: 2, unread: 0 },
    });
  });

  it('deletes an emptied thread with its counts when its last commenter is erased', async () => {
    const owner = setup.workspace;
    const organizationId = await givenDocuments(owner, ['d1']);
    const scope = { organizationId, documentId: 'd1' };
    await succeed(owner, 'commentannotations.add', {
      ...scope,
      commentAnnotations: [
        {
          annotationId: 'mine',
          commentData: [comment({ userId: 'erased-eve', name: 'Eve', email: 'eve@example.com' })],
        },
        { annotationId: 'kept', commentData: [comment(bob)] },
      ],
    });
    await succeed(owner, 'users.data.delete', { userId: 'erased-eve' });
    await drained();
    expect(await countsOf(owner, organizationId, ['d1'], 'bob')).toEqual({
      d1: { total: 1, open: 1, unread: 0 },
    });
  });

  it('moves with its document in a migration: counts and read state', async () => {
    const owner = setup.workspace;
    const organizationId = await givenDocuments(owner, ['from']);
    await givenReadThreads(owner, { organizationId, documentId: 'from' }, ['t1', 't2'], ['bob']);
    await succeed(owner, 'commentannotations.update', {
      organizationId,
      documentId: 'from',
      annotationId: 't2',
      status: 'resolved',
      actionUser: alice,
    });
    await succeed(owner, 'commentannotations.read.update', {
      organizationId,
      documentId: 'from',
      userId: 'bob',
      annotationIds: ['t2'],
      read: false,
    });
    const migrationId = await migrate(owner, organizationId, 'from', 'to');
    await drained();
    expect(await statusOf(owner, organizationId, migrationId)).toMatchObject({ status: 'completed' });
    expect(await countsOf(owner, organizationId, ['to', 'from'], 'bob')).toEqual({
      to: { total: 2, open: 1, unread: 1 },
      from: { total: 0, open: 0, unread: 0 },
    });
    expect(await countsOf(owner, organizationId, ['to'], 'alice')).toEqual({
      to: { total: 2, open: 1, unread: 0 },
    });
    // Read state moved with the threads: a reply makes t1 unread for bob, and reading counts again.
    await succeed(owner, 'commentannotations.comments.add', {
      organizationId,
      documentId: 'to',
      annotationId: 't1',
      commentData: [comment(alice)],
    });
    expect(await countsOf(owner, organizationId, ['to'], 'bob')).toMatchObject({ to: { unread: 2 } });
    await succeed(owner, 'commentannotations.read.update', {
      organizationId,
      documentId: 'to',
      userId: 'bob',
      annotationIds: ['t1', 't2'],
      read: true,
    });
    expect(await countsOf(owner, organizationId, ['to'], 'bob')).toMatchObject({ to: { unread: 0 } });
  });

  it('is erased with its document and its organization, counters with no thread left too', async () => {
    const owner = setup.workspace;
    const organizationId = await givenDocuments(owner, ['doomed', 'emptied']);
    await givenReadThreads(owner, { organizationId, documentId: 'doomed' }, ['t1'], ['bob']);
    await givenReadThreads(owner, { organizationId, documentId: 'emptied' }, ['t2'], ['bob']);
    await succeed(owner, 'organizations.documents.delete', { organizationId, documentIds: ['doomed'] });
    await drained();
    expect((await storedUnderDocument(owner.apiKey, organizationId, 'doomed')).comments).toBe(0);
    // Once its thread is gone, only the counters list this document's partition under the organization.
    await succeed(owner, 'commentannotations.delete', {
      organizationId,
      documentId: 'emptied',
      annotationIds: ['t2'],
    });
    expect((await storedUnderDocument(owner.apiKey, organizationId, 'emptied')).comments).toBeGreaterThan(0);
    await succeed(owner, 'organizations.delete', { organizationIds: [organizationId] });
    await drained();
    const stored = await storedUnderOrganization(owner.apiKey, organizationId, ['doomed', 'emptied']);
    expect(stored).toMatchObject({ 'comments:doomed': 0, 'comments:emptied': 0, commentsListing: 0 });
  });
});
