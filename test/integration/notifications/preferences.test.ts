import { callAs, succeed } from '../../support/api';
import { dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;
const organizationId = 'org';
const documentId = 'doc';
const actionUser = { userId: 'actor', name: 'Ann Actor' };

const setPreference = (
  userId: string,
  config: Record<string, unknown>,
  scope: Record<string, unknown> = {},
) => succeed(workspace, 'notifications.config.update', { organizationId, userId, config, ...scope });

const notify = (data: Record<string, unknown>) =>
  callAs(workspace, 'notifications.add', {
    organizationId,
    documentId,
    actionUser,
    displayHeadlineMessageTemplate: '{actionUser} wrote',
    displayBodyMessage: 'Hello',
    notifyUsers: [],
    ...data,
  });

const inboxOf = async (userId: string, owner = workspace) =>
  ((await succeed(owner, 'notifications.get', { organizationId, userId })) as { id: string }[]).map(
    (n) => n.id,
  );

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId }, { documentId: 'other' }],
  });
  await succeed(workspace, 'users.add', {
    organizationId,
    users: [{ userId: 'alice' }, { userId: 'bob' }, { userId: 'actor' }],
  });
});

describe('notifications.config.get', () => {
  it('answers the defaults (inbox ALL, email MINE) when nothing is stored', async () => {
    expect(
      await succeed(workspace, 'notifications.config.get', {
        organizationId,
        userId: 'bob',
        documentIds: [documentId],
      }),
    ).toEqual({
      organization: { inbox: 'ALL', email: 'MINE' },
      documents: { [documentId]: { inbox: 'ALL', email: 'MINE' } },
    });
  });

  it("answers a document's value over the organization's over the default, value by value", async () => {
    await setPreference('bob', { inbox: 'MINE' });
    await setPreference('bob', { email: 'NONE' }, { documentId });
    expect(
      await succeed(workspace, 'notifications.config.get', {
        organizationId,
        userId: 'bob',
        documentIds: [documentId, 'other'],
      }),
    ).toEqual({
      organization: { inbox: 'MINE', email: 'MINE' },
      documents: { [documentId]: { inbox: 'MINE', email: 'NONE' }, other: { inbox: 'MINE', email: 'MINE' } },
    });
  });

  it('reads beside the auth read: one serial round trip', async () => {
    const response = await callAs(workspace, 'notifications.config.get', {
      organizationId,
      userId: 'bob',
      documentIds: [documentId],
    });
    expect(response.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem']);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('answers INVALID_ARGUMENT naming documentIds past 100', async () => {
    const response = await callAs(workspace, 'notifications.config.get', {
      organizationId,
      userId: 'bob',
      documentIds: Array.from({ length: 101 }, (_, index) => `d${index}`),
    });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain('documentIds');
  });

  it("never shows another API key's preferences (tenant isolation)", async () => {
    await setPreference('bob', { inbox: 'NONE', email: 'ALL' });
    const other = await createTestWorkspace();
    expect(await succeed(other, 'notifications.config.get', { organizationId, userId: 'bob' })).toEqual({
      organization: { inbox: 'ALL', email: 'MINE' },
      documents: {},
    });
  });
});

describe('notifications.config.update', () => {
  it('answers the values in force for the scope written, keeping the value not sent', async () => {
    expect(await setPreference('bob', { inbox: 'NONE' })).toEqual({
      organization: { inbox: 'NONE', email: 'MINE' },
      documents: {},
    });
    expect(await setPreference('bob', { email: 'ALL' })).toEqual({
      organization: { inbox: 'NONE', email: 'ALL' },
      documents: {},
    });
    expect(await setPreference('bob', { inbox: 'ALL' }, { documentId })).toEqual({
      organization: { inbox: 'NONE', email: 'ALL' },
      documents: { [documentId]: { inbox: 'ALL', email: 'ALL' } },
    });
  });

  it('reads the organization beside auth, then writes: two serial round trips', async () => {
    const response = await callAs(workspace, 'notifications.config.update', {
      organizationId,
      userId: 'bob',
      documentId,
      config: { inbox: 'MINE' },
    });
    expect(response.db.serialRoundTrips).toBe(2);
  });

  it.each([
    ['an unknown value', { inbox: 'SOME' }, 'config.inbox'],
    ['an empty config', {}, 'config'],
  ])('answers INVALID_ARGUMENT for %s, naming the field', async (_, config, field) => {
    const response = await callAs(workspace, 'notifications.config.update', {
      organizationId,
      userId: 'bob',
      config,
    });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain(field);
  });
});

describe('inbox preferences on notifications.add', () => {
  it('ALL lets every notification in, NONE none, MINE only those naming the user', async () => {
    await setPreference('alice', { inbox: 'NONE' });
    await setPreference('bob', { inbox: 'MINE' });
    await notify({ notificationId: 'everyone' });
    await notify({ notificationId: 'named', notifyUsers: [{ userId: 'alice' }, { userId: 'bob' }] });
    expect(await inboxOf('alice')).toEqual([]);
    expect(await inboxOf('bob')).toEqual(['named']);
    await setPreference('bob', { inbox: 'ALL' });
    await notify({ notificationId: 'later' });
    expect(await inboxOf('bob')).toEqual(['later', 'named']);
  });

  it("applies a document's preference over the organization's, for that document only", async () => {
    await setPreference('alice', { inbox: 'NONE' });
    await setPreference('alice', { inbox: 'ALL' }, { documentId });
    await setPreference('bob', { inbox: 'NONE' }, { documentId });
    await notify({ notificationId: 'here' });
    await notify({ notificationId: 'there', documentId: 'other' });
    expect(await inboxOf('alice')).toEqual(['here']);
    expect(await inboxOf('bob')).toEqual(['there']);
  });

  it('applies MINE at document level to named users with notifyAll false', async () => {
    await setPreference('bob', { inbox: 'MINE' }, { documentId });
    await setPreference('alice', { inbox: 'NONE' }, { documentId });
    await notify({
      notificationId: 'n1',
      notifyAll: false,
      notifyUsers: [{ userId: 'alice' }, { userId: 'bob' }],
    });
    expect(await inboxOf('alice')).toEqual([]);
    expect(await inboxOf('bob')).toEqual(['n1']);
  });

  it('reads the preferences beside the auth read: the same three serial round trips as without them', async () => {
    await setPreference('alice', { inbox: 'MINE' });
    await setPreference('bob', { inbox: 'ALL' }, { documentId });
    const response = await notify({});
    expect(dataOf(response)).toEqual({ success: true, message: expect.stringContaining('sent to 1 users') });
    expect(response.db.serialRoundTrips).toBe(3);
    const named = await notify({ notifyAll: false, notifyUsers: [{ userId: 'bob' }] });
    expect(named.db.serialRoundTrips).toBe(3);
  });

  it("is not moved by another API key's preferences (tenant isolation)", async () => {
    const other = await createTestWorkspace();
    await succeed(other, 'notifications.config.update', {
      organizationId,
      userId: 'bob',
      config: { inbox: 'NONE' },
    });
    await notify({ notificationId: 'n1' });
    expect(await inboxOf('bob')).toEqual(['n1']);
  });
});

describe('inbox preferences on comment notifications', () => {
  const bob = { userId: 'bob', name: 'Bob' };
  const carol = { userId: 'carol', name: 'Carol' };
  const alice = { userId: 'alice', name: 'Alice' };
  const loudComment = (commentId: string, tagged: string[]) => ({
    commentId,
    from: alice,
    commentText: 'look',
    triggerNotification: true,
    taggedUserContacts: tagged.map((userId) => ({ userId })),
  });
  const thread = (annotationId: string, fields: Record<string, unknown>) =>
    succeed(workspace, 'commentannotations.add', {
      organizationId,
      documentId,
      commentAnnotations: [{ annotationId, ...fields }],
    });
  const reply = (annotationId: string, commentData: unknown[]) =>
    callAs(workspace, 'commentannotations.comments.add', {
      organizationId,
      documentId,
      annotationId,
      commentData,
    });
  const commentInbox = async (userId: string) =>
    ((await succeed(workspace, 'notifications.get', { organizationId, userId })) as any[]).map(
      (entry) => entry.notificationSourceData.commentId,
    );

  it('keeps tagged users with NONE out and lets MINE and ALL in (a tag involves the user)', async () => {
    await setPreference('bob', { inbox: 'NONE' });
    await setPreference('carol', { inbox: 'MINE' });
    await thread('t1', { commentData: [loudComment('c1', ['bob', 'carol', 'dave'])] });
    expect(await commentInbox('bob')).toEqual([]);
    expect(await commentInbox('carol')).toEqual(['c1']);
    expect(await commentInbox('dave')).toEqual(['c1']);
  });

  it('keeps an assignee with NONE for the document out, and one with MINE in (assigned: involved)', async () => {
    await setPreference('bob', { inbox: 'NONE' }, { documentId });
    await thread('t1', { assignedTo: bob, commentData: [loudComment('c1', [])] });
    expect(await commentInbox('bob')).toEqual([]);
    await setPreference('carol', { inbox: 'MINE' }, { documentId });
    await thread('t2', { assignedTo: carol, commentData: [loudComment('c2', [])] });
    expect(await commentInbox('carol')).toEqual(['c2']);
  });

  it('applies preferences to replies, stored assignee included, with no serial round trip added', async () => {
    await thread('t1', {
      assignedTo: bob,
      commentData: [{ commentId: 'c0', from: alice, commentText: 'hi' }],
    });
    const before = await reply('t1', [loudComment('c1', ['carol'])]);
    expect(await commentInbox('bob')).toEqual(['c1']);
    await setPreference('bob', { inbox: 'NONE' });
    await setPreference('carol', { inbox: 'NONE' }, { documentId });
    const after = await reply('t1', [loudComment('c2', ['carol'])]);
    expect(after.statusCode).toBe(200);
    expect(after.db.serialRoundTrips).toBe(before.db.serialRoundTrips);
    expect(await commentInbox('bob')).toEqual(['c1']);
    expect(await commentInbox('carol')).toEqual(['c1']);
  });

  it('adds no serial round trip to commentannotations.add with preferences set', async () => {
    const plain = await callAs(workspace, 'commentannotations.add', {
      organizationId,
      documentId,
      commentAnnotations: [{ annotationId: 't1', commentData: [loudComment('c1', ['bob'])] }],
    });
    await setPreference('bob', { inbox: 'NONE' });
    const preferred = await callAs(workspace, 'commentannotations.add', {
      organizationId,
      documentId,
      commentAnnotations: [{ annotationId: 't2', commentData: [loudComment('c2', ['bob'])] }],
    });
    expect(preferred.db.serialRoundTrips).toBe(plain.db.serialRoundTrips);
    expect(await commentInbox('bob')).toEqual(['c1']);
  });
});

describe('workspace.notificationconfig', () => {
  it('answers the defaults, then merges partial digest updates', async () => {
    expect(await succeed(workspace, 'workspace.notificationconfig.get', {})).toEqual({
      digest: { isEnabled: false, delayMinutes: 30, maxItems: 20 },
    });
    expect(
      await succeed(workspace, 'workspace.notificationconfig.update', { digest: { isEnabled: true } }),
    ).toEqual({ digest: { isEnabled: true, delayMinutes: 30, maxItems: 20 } });
    await succeed(workspace, 'workspace.notificationconfig.update', { digest: { maxItems: 5 } });
    expect(await succeed(workspace, 'workspace.notificationconfig.get', {})).toEqual({
      digest: { isEnabled: true, delayMinutes: 30, maxItems: 5 },
    });
    const other = await createTestWorkspace();
    expect(await succeed(other, 'workspace.notificationconfig.get', {})).toEqual({
      digest: { isEnabled: false, delayMinutes: 30, maxItems: 20 },
    });
  });

  it.each([
    [{ delayMinutes: 4 }, 'digest.delayMinutes'],
    [{ delayMinutes: 1441 }, 'digest.delayMinutes'],
    [{ maxItems: 0 }, 'digest.maxItems'],
    [{ maxItems: 51 }, 'digest.maxItems'],
    [{}, 'digest'],
  ])('answers INVALID_ARGUMENT for %j, naming %s', async (digest, field) => {
    const response = await callAs(workspace, 'workspace.notificationconfig.update', { digest });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain(field);
  });
});
