import { callAs, succeed } from '../../support/api';
import { criticalPath } from '../../support/db-calls';
import { dataOf } from '../../support/lambda';
import { firstPageToken } from '../../support/page-tokens';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;
const organizationId = 'org';

const send = (notificationId: string, userIds: string[], documentId = 'doc') =>
  succeed(workspace, 'notifications.add', {
    organizationId,
    createOrganization: true,
    documentId,
    notificationId,
    actionUser: { userId: 'actor' },
    displayHeadlineMessageTemplate: 'h',
    displayBodyMessage: 'b',
    notifyAll: false,
    notifyUsers: userIds.map((userId) => ({ userId })),
  });

const inbox = async (userId: string, extra: Record<string, unknown> = {}) =>
  (await succeed(workspace, 'notifications.get', { organizationId, userId, ...extra })) as {
    id: string;
    isRead: boolean;
  }[];

beforeAll(async () => {
  workspace = await createTestWorkspace();
  // Sent one after another, so their times (and the inbox order) follow the ids.
  for (const id of ['n1', 'n2', 'n3', 'n4', 'n5'])
    await send(id, ['bob', 'carol'], id === 'n5' ? 'other' : 'doc');
}, 30_000);

describe('notifications.get', () => {
  it("pages a user's inbox newest first, full pages, no token on the last", async () => {
    const pages: string[][] = [];
    let pageToken: string | undefined;
    do {
      const response = await callAs(workspace, 'notifications.get', {
        organizationId,
        userId: 'bob',
        pageSize: 2,
        pageToken,
      });
      // The inbox Query beside the auth read (prefetch), then the page's shared records.
      expect(response.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem', 'Query']);
      expect(response.db.serialRoundTrips).toBe(2);
      pages.push(response.json.result!.data.map((n: { id: string }) => n.id));
      pageToken = response.json.result!.pageToken;
    } while (pageToken);
    expect(pages).toEqual([['n5', 'n4'], ['n3', 'n2'], ['n1']]);
  });

  it("filters a user's inbox by document and lists a document's notifications", async () => {
    expect((await inbox('bob', { documentId: 'other' })).map((n) => n.id)).toEqual(['n5']);
    const documentNotifications = await succeed(workspace, 'notifications.get', {
      organizationId,
      documentId: 'doc',
      order: 'asc',
    });
    expect(documentNotifications.map((n: { id: string }) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it('rejects a tampered or foreign page token and a call without userId or documentId', async () => {
    const query = { organizationId, userId: 'bob', pageSize: 1 };
    const token = await firstPageToken(workspace, 'notifications.get', query);
    const other = await createTestWorkspace();
    const responses = await Promise.all([
      callAs(workspace, 'notifications.get', { ...query, userId: 'carol', pageToken: token }),
      callAs(other, 'notifications.get', { ...query, pageToken: token }),
      callAs(workspace, 'notifications.get', { organizationId }),
    ]);
    for (const response of responses) expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
  });
});

describe('notifications.update', () => {
  it('marks a notification read for the listed users only', async () => {
    const response = await callAs(workspace, 'notifications.update', {
      organizationId,
      notifications: [
        { id: 'n1', readByUserIds: ['bob'] },
        { id: 'missing', readByUserIds: ['bob'] },
      ],
    });
    // The records' BatchGetItem beside the auth read (prefetch), then the updates in parallel (a
    // read mark is one transaction with the user's unread counts).
    expect(response.db.commands.sort()).toEqual(['BatchGetItem', 'GetItem', 'TransactWriteItems']);
    expect(response.db.serialRoundTrips).toBe(2);
    const results = dataOf(response);
    expect(results.n1).toMatchObject({ success: true });
    expect(results.missing).toMatchObject({ success: false });
    expect((await inbox('bob')).find((n) => n.id === 'n1')?.isRead).toBe(true);
    expect((await inbox('carol')).find((n) => n.id === 'n1')?.isRead).toBe(false);
  });
});

describe('notifications.delete', () => {
  it("removes a notification from one user's inbox, or entirely", async () => {
    await succeed(workspace, 'notifications.delete', {
      organizationId,
      userId: 'carol',
      notificationIds: ['n2'],
    });
    expect((await inbox('carol')).map((n) => n.id)).not.toContain('n2');
    expect((await inbox('bob')).map((n) => n.id)).toContain('n2');
    const response = await callAs(workspace, 'notifications.delete', {
      organizationId,
      notificationIds: ['n3', 'nope'],
    });
    // The records and each id's inbox entries (gsi5) beside the auth read (prefetch); the entries
    // with their counts (a transaction), then the record (so a delete cut short can be repeated).
    expect(criticalPath(response)).toEqual({
      calls: { BatchGetItem: 1, BatchWriteItem: 1, GetItem: 1, Query: 2, TransactWriteItems: 1 },
      serialRoundTrips: 3,
    });
    const results = dataOf(response);
    expect(results).toEqual({
      n3: { success: true, message: expect.any(String) },
      nope: { success: false, message: expect.any(String) },
    });
    for (const user of ['bob', 'carol']) expect((await inbox(user)).map((n) => n.id)).not.toContain('n3');
  });
});
