import { callAs, succeed } from '../../support/api';
import { alice, bob, carol } from '../../support/people';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import {
  addThread,
  comment,
  documentId,
  givenWorkspaceWithDocument,
  organizationId,
  storedThreadCounts,
  testDocument,
} from './support';

jest.setTimeout(60_000);

let workspace: TestWorkspace;
beforeEach(async () => {
  workspace = await givenWorkspaceWithDocument();
});

const countOf = async (userId?: string, owner = workspace, documentIds = [documentId]) =>
  (
    (await succeed(owner, 'commentannotations.count', {
      organizationId,
      documentIds,
      ...(userId && { userId }),
    })) as Record<string, { total: number; open: number; unread?: number }>
  )[documentIds[0]!];

const reply = (annotationId: string, from: typeof alice) =>
  succeed(workspace, 'commentannotations.comments.add', {
    ...testDocument,
    annotationId,
    commentData: [comment(from)],
  });

const setStatus = (annotationId: string, status: string, actionUser = alice) =>
  succeed(workspace, 'commentannotations.update', { ...testDocument, annotationId, status, actionUser });

const markRead = (userId: string, annotationIds: string[], read = true, owner = workspace) =>
  callAs(owner, 'commentannotations.read.update', { ...testDocument, userId, annotationIds, read });

/** The counts recomputed from the stored threads, for `users`. */
const recount = (users: string[]) => storedThreadCounts(workspace, testDocument, users);

describe('commentannotations.count', () => {
  it('counts threads and open threads across adds, status changes and deletes', async () => {
    expect(await countOf()).toEqual({ total: 0, open: 0 });
    await addThread(workspace, 't1');
    await addThread(workspace, 't2', { status: 'resolved' });
    await addThread(workspace, 't3', { status: 'in_progress' });
    expect(await countOf()).toEqual({ total: 3, open: 2 });
    await setStatus('t1', 'closed');
    expect(await countOf()).toEqual({ total: 3, open: 1 });
    await setStatus('t1', 'resolved');
    expect(await countOf()).toEqual({ total: 3, open: 1 });
    await setStatus('t2', 'open');
    await setStatus('t3', 'open');
    expect(await countOf()).toEqual({ total: 3, open: 2 });
    await succeed(workspace, 'commentannotations.update', {
      ...testDocument,
      annotationId: 't3',
      priority: 'high',
      actionUser: alice,
    });
    expect(await countOf()).toEqual({ total: 3, open: 2 });
    await succeed(workspace, 'commentannotations.delete', {
      ...testDocument,
      annotationIds: ['t1', 't2', 'gone'],
    });
    expect(await countOf()).toEqual({ total: 1, open: 1 });
  });

  it('reads 100 documents and a user in one serial round trip', async () => {
    await addThread(workspace, 't1');
    const documentIds = [documentId, ...Array.from({ length: 99 }, (_, index) => `other-${index}`)];
    const response = await callAs(workspace, 'commentannotations.count', {
      organizationId,
      documentIds,
      userId: 'bob',
    });
    expect(response.statusCode).toBe(200);
    const data = response.json.result?.data as Record<string, unknown>;
    expect(Object.keys(data)).toHaveLength(100);
    expect(data[documentId]).toEqual({ total: 1, open: 1, unread: 1 });
    expect(data['other-7']).toEqual({ total: 0, open: 0, unread: 0 });
    expect(response.db.serialRoundTrips).toBe(1);
    expect(response.db.commands.filter((command) => command === 'BatchGetItem')).toHaveLength(2);
  });

  it.each([
    ['no documents', []],
    ['more than 100 documents', Array.from({ length: 101 }, (_, index) => `d-${index}`)],
  ])('answers INVALID_ARGUMENT naming documentIds for %s', async (_, documentIds) => {
    const response = await callAs(workspace, 'commentannotations.count', { organizationId, documentIds });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain('documentIds');
  });

  it("never counts another API key's threads", async () => {
    await addThread(workspace, 't1');
    const other = await createTestWorkspace();
    expect(await countOf('bob', other)).toEqual({ total: 0, open: 0, unread: 0 });
  });
});

describe('unread threads', () => {
  it("are unread for everyone but the last comment's author, whose thread is read", async () => {
    await addThread(workspace, 't1');
    await addThread(workspace, 't2', { commentData: [comment(alice), comment(bob)] });
    expect(await countOf('alice')).toEqual({ total: 2, open: 2, unread: 1 });
    expect(await countOf('bob')).toEqual({ total: 2, open: 2, unread: 1 });
    expect(await countOf('carol')).toEqual({ total: 2, open: 2, unread: 2 });
  });

  it('a reply makes the thread unread for its readers and read for the replier, whatever the status', async () => {
    await addThread(workspace, 't1');
    await setStatus('t1', 'resolved');
    expect((await markRead('carol', ['t1'])).statusCode).toBe(200);
    expect(await countOf('carol')).toEqual({ total: 1, open: 0, unread: 0 });
    await reply('t1', bob);
    expect(await countOf('alice')).toMatchObject({ unread: 1 });
    expect(await countOf('carol')).toMatchObject({ unread: 1 });
    expect(await countOf('bob')).toMatchObject({ unread: 0 });
    await reply('t1', bob);
    expect(await countOf('bob')).toMatchObject({ unread: 0 });
  });

  it('adds no serial round trip to a new thread or a reply while readers are stored', async () => {
    const created = await callAs(workspace, 'commentannotations.add', {
      ...testDocument,
      commentAnnotations: [{ annotationId: 't1', commentData: [comment(alice)] }],
    });
    expect(created.db.serialRoundTrips).toBe(2);
    await markRead('bob', ['t1']);
    await markRead('carol', ['t1']);
    const replied = await callAs(workspace, 'commentannotations.comments.add', {
      ...testDocument,
      annotationId: 't1',
      commentData: [comment(bob)],
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.db.serialRoundTrips).toBe(2);
    expect(replied.db.commands.filter((command) => command === 'TransactWriteItems')).toHaveLength(1);
  });
});

describe('commentannotations.read.update', () => {
  it('marks threads read and unread, idempotently, and fails unknown ids per item', async () => {
    await addThread(workspace, 't1');
    await addThread(workspace, 't2');
    const response = await markRead('bob', ['t1', 't2', 'nope']);
    expect(response.json.result?.data).toEqual({
      t1: { success: true, message: 'Thread marked read.' },
      t2: { success: true, message: 'Thread marked read.' },
      nope: { success: false, message: 'Annotation nope does not exist.' },
    });
    expect(response.db.serialRoundTrips).toBe(2);
    expect(await countOf('bob')).toMatchObject({ unread: 0 });
    const again = await markRead('bob', ['t1', 't2']);
    expect(again.json.result?.data.t1).toEqual({ success: true, message: 'Thread marked read.' });
    expect(again.db.commands).not.toContain('TransactWriteItems');
    expect(await countOf('bob')).toMatchObject({ unread: 0 });
    await markRead('bob', ['t1'], false);
    await markRead('bob', ['t1'], false);
    expect(await countOf('bob')).toMatchObject({ unread: 1 });
    await markRead('alice', ['t1', 't2'], false);
    expect(await countOf('alice')).toMatchObject({ unread: 2 });
    expect(await countOf('bob')).toEqual((await recount(['bob'])).bob);
  });

  it('answers INVALID_ARGUMENT naming annotationIds for more than 100 ids', async () => {
    const ids = Array.from({ length: 101 }, (_, index) => `t${index}`);
    const response = await markRead('bob', ids);
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain('annotationIds');
  });

  it("never marks another API key's threads", async () => {
    await addThread(workspace, 't1');
    const other = await createTestWorkspace();
    await succeed(other, 'organizations.add', { organizations: [{ organizationId }] });
    await succeed(other, 'organizations.documents.add', { organizationId, documents: [{ documentId }] });
    const response = await markRead('bob', ['t1'], true, other);
    expect(response.json.result?.data.t1.success).toBe(false);
    expect(await countOf('bob')).toMatchObject({ unread: 1 });
  });
});

describe('counts under concurrency', () => {
  it('stay exact under 20 parallel writers: replies, read marks and status changes', async () => {
    const threads = ['t1', 't2', 't3'];
    for (const id of threads) await addThread(workspace, id);
    const users = [alice, bob, carol, { userId: 'dave', name: 'Dave', email: 'dave@example.com' }];
    const statuses = ['resolved', 'open', 'closed', 'in_progress'];
    await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const thread = threads[index % threads.length]!;
        const user = users[index % users.length]!;
        if (index % 4 === 0) return reply(thread, user);
        if (index % 4 === 3) return setStatus(thread, statuses[index % statuses.length]!, user);
        const marked = await markRead(user.userId, threads, index % 4 === 1);
        expect(Object.values(marked.json.result?.data ?? {}).every((r: any) => r.success)).toBe(true);
      }),
    );
    const expected = await recount(users.map((user) => user.userId));
    for (const user of users) expect(await countOf(user.userId)).toEqual(expected[user.userId]);
  });

  it('takes readers that do not fit one transaction off first, on a reply and a delete', async () => {
    await addThread(workspace, 't1');
    const readers = Array.from({ length: 120 }, (_, index) => `reader-${index}`);
    for (let start = 0; start < readers.length; start += 10)
      await Promise.all(readers.slice(start, start + 10).map((userId) => markRead(userId, ['t1'])));
    expect(await countOf('reader-119')).toMatchObject({ unread: 0 });
    await reply('t1', bob);
    const afterReply = await recount(['bob', 'reader-0', 'reader-119']);
    expect(afterReply['reader-0']).toMatchObject({ unread: 1 });
    for (const userId of ['bob', 'reader-0', 'reader-60', 'reader-119'])
      expect(await countOf(userId)).toEqual((await recount([userId]))[userId]);
    for (let start = 0; start < readers.length; start += 10)
      await Promise.all(readers.slice(start, start + 10).map((userId) => markRead(userId, ['t1'])));
    await succeed(workspace, 'commentannotations.delete', { ...testDocument, annotationIds: ['t1'] });
    await addThread(workspace, 't2', { commentData: [comment(carol)] });
    // Had a reader's count outlived the deleted thread, t2 would look read to them.
    for (const userId of ['bob', 'reader-0', 'reader-119'])
      expect(await countOf(userId)).toEqual({ total: 1, open: 1, unread: 1 });
  });
});
