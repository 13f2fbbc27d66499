import { writeInbox } from '../../../shared/notifications/repository';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

jest.setTimeout(60_000);

let workspace: TestWorkspace;
const organizationId = 'org';
const actionUser = { userId: 'actor', name: 'Ann Actor' };

const notify = (notificationId: string, data: Record<string, unknown> = {}) =>
  succeed(workspace, 'notifications.add', {
    organizationId,
    documentId: 'doc',
    notificationId,
    actionUser,
    displayHeadlineMessageTemplate: '{actionUser} wrote',
    displayBodyMessage: 'Hello',
    notifyUsers: [],
    ...data,
  });

const countOf = (userId: string, documentId?: string, owner = workspace) =>
  succeed(owner, 'notifications.count', { organizationId, userId, ...(documentId && { documentId }) });

const read = (id: string, readByUserIds: string[]) =>
  succeed(workspace, 'notifications.update', { organizationId, notifications: [{ id, readByUserIds }] });

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId: 'doc' }, { documentId: 'other' }],
  });
  await succeed(workspace, 'users.add', {
    organizationId,
    users: [{ userId: 'alice' }, { userId: 'bob' }, { userId: 'actor' }],
  });
});

describe('notifications.count', () => {
  it("counts a user's inbox, all and unread, for the organization and per document", async () => {
    expect(await countOf('bob')).toEqual({ total: 0, unread: 0 });
    await notify('n1');
    await notify('n2');
    await notify('n3', { documentId: 'other' });
    expect(await countOf('bob')).toEqual({ total: 3, unread: 3 });
    expect(await countOf('bob', 'doc')).toEqual({ total: 2, unread: 2 });
    expect(await countOf('bob', 'other')).toEqual({ total: 1, unread: 1 });
    await read('n1', ['bob']);
    await read('n1', ['bob']);
    await read('n3', ['bob']);
    expect(await countOf('bob')).toEqual({ total: 3, unread: 1 });
    expect(await countOf('bob', 'doc')).toEqual({ total: 2, unread: 1 });
    expect(await countOf('alice')).toEqual({ total: 3, unread: 3 });
    expect(await countOf('actor')).toEqual({ total: 0, unread: 0 });
  });

  it('reads beside the auth read: one serial round trip', async () => {
    const response = await callAs(workspace, 'notifications.count', { organizationId, userId: 'bob' });
    expect(response.db.commands).toEqual(['GetItem', 'GetItem']);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('follows deletes from one inbox, by id and by document', async () => {
    for (const id of ['n1', 'n2', 'n3']) await notify(id);
    await notify('n4', { documentId: 'other' });
    await read('n2', ['bob', 'alice']);
    await succeed(workspace, 'notifications.delete', {
      organizationId,
      userId: 'bob',
      notificationIds: ['n1', 'n2'],
    });
    expect(await countOf('bob')).toEqual({ total: 2, unread: 2 });
    await succeed(workspace, 'notifications.delete', { organizationId, notificationIds: ['n2'] });
    expect(await countOf('alice')).toEqual({ total: 3, unread: 3 });
    await succeed(workspace, 'notifications.delete', { organizationId, documentId: 'doc' });
    expect(await countOf('alice')).toEqual({ total: 1, unread: 1 });
    expect(await countOf('alice', 'doc')).toEqual({ total: 0, unread: 0 });
    expect(await countOf('bob')).toEqual({ total: 1, unread: 1 });
  });

  it('stays exact under 20 parallel writers and 20 parallel readers', async () => {
    const ids = Array.from({ length: 20 }, (_, index) => `p${index}`);
    await Promise.all(ids.map((id, index) => notify(id, { documentId: index % 2 === 0 ? 'doc' : 'other' })));
    expect(await countOf('bob')).toEqual({ total: 20, unread: 20 });
    expect(await countOf('alice', 'doc')).toEqual({ total: 10, unread: 10 });
    await Promise.all(ids.map((id) => read(id, ['bob', 'alice'])));
    expect(await countOf('bob')).toEqual({ total: 20, unread: 0 });
    expect(await countOf('alice', 'other')).toEqual({ total: 10, unread: 0 });
  });

  it('counts an interrupted fan-out repeated once', async () => {
    const record = {
      id: 'again',
      organizationId,
      documentId: 'doc',
      actionUser,
      isNotificationResolverUsed: false,
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
      timestamp: Date.now(),
    };
    const involvesNobody = () => false;
    await writeInbox(workspace.apiKey, record, ['bob'], involvesNobody, undefined);
    await writeInbox(workspace.apiKey, record, ['bob', 'alice'], involvesNobody, undefined);
    expect(await countOf('bob')).toEqual({ total: 1, unread: 1 });
    expect(await countOf('alice')).toEqual({ total: 1, unread: 1 });
  });

  it('counts comment notifications, in the transaction and sent after it', async () => {
    const tagged = Array.from({ length: 40 }, (_, index) => ({ userId: `t${index}` }));
    await succeed(workspace, 'commentannotations.add', {
      organizationId,
      documentId: 'doc',
      commentAnnotations: [
        {
          annotationId: 'a1',
          commentData: [
            {
              from: actionUser,
              commentText: 'x',
              triggerNotification: true,
              taggedUserContacts: [{ userId: 'bob' }],
            },
            {
              from: actionUser,
              commentText: 'y',
              triggerNotification: true,
              taggedUserContacts: [{ userId: 'bob' }],
            },
          ],
        },
        {
          annotationId: 'a2',
          commentData: [
            { from: actionUser, commentText: 'z', triggerNotification: true, taggedUserContacts: tagged },
          ],
        },
      ],
    });
    expect(await countOf('bob', 'doc')).toEqual({ total: 2, unread: 2 });
    expect(await countOf('t39')).toEqual({ total: 1, unread: 1 });
  });

  it("answers INVALID_ARGUMENT naming userId, and never counts another API key's inbox", async () => {
    const bad = await callAs(workspace, 'notifications.count', { organizationId });
    expect(bad.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(bad.json.error?.message).toContain('userId');
    await notify('n1');
    const other = await createTestWorkspace();
    expect(await countOf('bob', undefined, other)).toEqual({ total: 0, unread: 0 });
  });
});
