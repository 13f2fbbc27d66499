import { entryAttribute } from '../../../shared/access/repository';
import { batchWrite } from '../../../shared/db/batch';
import { keys } from '../../../shared/db/keys';
import { readStoredRecord } from '../../../shared/notifications/repository';
import { callAs, succeed } from '../../support/api';
import { dataOf } from '../../support/lambda';
import { givenDocumentInRestrictedFolder } from '../../support/organizations';
import { providerAnswering } from '../../support/permission-provider';
import { type Receiver, startReceiver } from '../../support/receiver';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

// The provider receiver listens on 127.0.0.1: loopback is allowed as in the local stack (deployments refuse it).
process.env.ALLOW_LOOPBACK_TARGETS = 'true';

let workspace: TestWorkspace;
const organizationId = 'org';
const actionUser = { userId: 'actor', name: 'Ann Actor', email: 'ann@example.com' };

const notify = (data: Record<string, unknown>, options: { timeoutMs?: number } = {}) =>
  callAs(
    workspace,
    'notifications.add',
    {
      organizationId,
      documentId: 'doc',
      actionUser,
      displayHeadlineMessageTemplate: '{actionUser} mentioned you',
      displayBodyMessage: 'Secret plans',
      notifyUsers: [],
      ...data,
    },
    options,
  );

const inboxOf = async (userId: string) =>
  ((await succeed(workspace, 'notifications.get', { organizationId, userId })) as { id: string }[]).map(
    (n) => n.id,
  );

const addMembers = (users: { userId: string }[], level: Record<string, unknown> = {}) =>
  succeed(workspace, 'users.add', { organizationId, ...level, users });

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await givenDocumentInRestrictedFolder(workspace, { organizationId, documentId: 'doc' });
  await addMembers([{ userId: 'alice' }, { userId: 'bob' }, { userId: 'actor' }]);
});

describe('notifications.add', () => {
  it('notifies every organization member by default, plus notifyUsers, but not the acting user', async () => {
    const response = await notify({ notificationId: 'n1', notifyUsers: [{ userId: 'guest' }] });
    expect(response.json.result?.data).toEqual({ success: true, message: expect.any(String) });
    for (const user of ['alice', 'bob', 'guest']) expect(await inboxOf(user)).toEqual(['n1']);
    expect(await inboxOf('actor')).toEqual([]);
  });

  it('reads beside the auth read, then writes a generated id and its inbox together: three serial round trips', async () => {
    const response = await notify({});
    expect(dataOf(response)).toEqual({ success: true, message: expect.stringContaining('sent to 2 users') });
    // Organization and document (BatchGetItem), the members (Query) and the stored preferences of the
    // organization and the document (two Queries) beside auth (prefetch); the record and the inbox
    // entries with their counts (a transaction) together; the fan-out mark.
    expect(response.db.commands.sort()).toEqual([
      'BatchGetItem',
      'GetItem',
      'PutItem',
      'Query',
      'Query',
      'Query',
      'TransactWriteItems',
      'UpdateItem',
    ]);
    expect(response.db.serialRoundTrips).toBe(3);
  });

  it("creates a caller's id before its inbox entries: four serial round trips", async () => {
    const response = await notify({ notificationId: 'n1' });
    expect(dataOf(response)).toEqual({ success: true, message: expect.stringContaining('sent to 2 users') });
    expect(response.db.serialRoundTrips).toBe(4);
    expect(await inboxOf('alice')).toEqual(['n1']);
  });

  it('notifies only notifyUsers when notifyAll is false', async () => {
    await notify({ notificationId: 'n1', notifyAll: false, notifyUsers: [{ userId: 'bob' }] });
    expect(await inboxOf('bob')).toEqual(['n1']);
    expect(await inboxOf('alice')).toEqual([]);
  });

  it('creates no duplicate when the same notificationId is added twice', async () => {
    await notify({ notificationId: 'same_id-1' });
    const again = await notify({ notificationId: 'same_id-1', displayBodyMessage: 'changed' });
    expect(again.json.result?.data).toMatchObject({
      success: true,
      message: expect.stringContaining('already'),
    });
    const inbox = await succeed(workspace, 'notifications.get', { organizationId, userId: 'alice' });
    expect(inbox).toHaveLength(1);
    expect(inbox[0].displayBodyMessage).toBe('Secret plans');
  });

  it('stores and returns notificationSource and its data', async () => {
    await notify({
      notificationId: 'n1',
      notificationSource: 'custom',
      notificationSourceData: { link: '/x', n: 3 },
    });
    const [stored] = await succeed(workspace, 'notifications.get', { organizationId, userId: 'alice' });
    expect(stored).toMatchObject({
      id: 'n1',
      documentId: 'doc',
      actionUser,
      displayHeadlineMessageTemplate: '{actionUser} mentioned you',
      notificationSource: 'custom',
      notificationSourceData: { link: '/x', n: 3 },
      timestamp: expect.any(Number),
      isRead: false,
    });
  });

  it('stores only ids in resolver mode, and needs no headline or body', async () => {
    const response = await callAs(workspace, 'notifications.add', {
      organizationId,
      documentId: 'doc',
      notificationId: 'resolved',
      isNotificationResolverUsed: true,
      actionUser,
      displayHeadlineMessageTemplateData: {
        actionUser,
        recipientUser: { name: 'Bob', email: 'bob@example.com' },
      },
      notifyUsers: [{ userId: 'bob', name: 'Bob', email: 'bob@example.com' }],
    });
    expect(response.statusCode).toBe(200);
    const raw = JSON.stringify(await readStoredRecord(workspace.apiKey, organizationId, 'resolved'));
    expect(raw).toContain('"actor"');
    for (const personal of [
      'Ann Actor',
      'ann@example.com',
      'Bob',
      'bob@example.com',
      'mentioned',
      'Secret',
    ]) {
      expect(raw).not.toContain(personal);
    }
    expect(await inboxOf('bob')).toEqual(['resolved']);
  });

  it('reaches only users holding every context.access field', async () => {
    const grant = (userId: string, access: Record<string, unknown>) =>
      succeed(workspace, 'auth.permissions.add', {
        user: { userId },
        permissions: {
          resources: [{ type: 'context', id: `ctx-${userId}`, organizationId, context: { access } }],
        },
      });
    await grant('alice', { team: 'red', level: 2 });
    await grant('bob', { team: 'blue', level: 2 });
    await notify({ notificationId: 'n1', context: { access: { team: 'red', level: 2 } } });
    expect(await inboxOf('alice')).toEqual(['n1']);
    expect(await inboxOf('bob')).toEqual([]);
  });

  it('with verifyUserPermissions, reaches only users with access to the document (local rules)', async () => {
    await addMembers([{ userId: 'alice' }], { folderId: 'vault' });
    await notify({ notificationId: 'n1', verifyUserPermissions: true, notifyUsers: [{ userId: 'guest' }] });
    expect(await inboxOf('alice')).toEqual(['n1']);
    expect(await inboxOf('bob')).toEqual([]);
    expect(await inboxOf('guest')).toEqual([]);
  });

  describe('with the permission provider', () => {
    let provider: Receiver;
    beforeAll(async () => {
      provider = await startReceiver();
    });
    afterAll(() => provider.close());

    it('lets the provider decide who may read the document', async () => {
      await succeed(workspace, 'workspace.permissionproviderconfig.update', {
        usePermissionProvider: true,
        permissionProviderConfig: { permissionProviderUrl: provider.url, authToken: 't' },
      });
      provider.respond(providerAnswering((asked) => ({ hasAccess: asked.userId === 'bob' })));
      await notify({ notificationId: 'n1', verifyUserPermissions: true });
      expect(await inboxOf('bob')).toEqual(['n1']);
      expect(await inboxOf('alice')).toEqual([]);
    });
  });

  it('answers NOT_FOUND for a missing organization unless createOrganization, and creates the document when asked', async () => {
    const missing = await callAs(workspace, 'notifications.add', {
      organizationId: 'new-org',
      documentId: 'new-doc',
      actionUser,
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
      notifyUsers: [{ userId: 'bob' }],
    });
    expect(missing.json.error?.status).toBe('NOT_FOUND');
    await succeed(workspace, 'notifications.add', {
      organizationId: 'new-org',
      createOrganization: true,
      documentId: 'new-doc',
      createDocument: true,
      actionUser,
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
      notifyUsers: [{ userId: 'bob' }],
    });
    const documents = await succeed(workspace, 'organizations.documents.get', {
      organizationId: 'new-org',
      documentIds: ['new-doc'],
    });
    expect(documents).toHaveLength(1);
  });

  it.each([
    ['a notificationId with other characters', { notificationId: 'a.b' }, 'notificationId'],
    ['a missing headline', { displayHeadlineMessageTemplate: undefined }, 'displayHeadlineMessageTemplate'],
    ['a missing body', { displayBodyMessage: undefined }, 'displayBodyMessage'],
    ['an unknown notificationSource', { notificationSource: 'email' }, 'notificationSource'],
  ])('answers INVALID_ARGUMENT for %s and writes nothing', async (_case, data, field) => {
    const response = await notify(data);
    expect(response.json.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining(field),
    });
    expect(await inboxOf('alice')).toEqual([]);
  });
});

describe('notifications.add to a large organization', () => {
  it('fans out to 2,000 members in counted transactions of 33 entries', async () => {
    // Seeded with plain batch writes: 2,000 membership transactions would dominate the test's time.
    const since = Date.now();
    await batchWrite(
      Array.from({ length: 2000 }, (_, index) => ({
        put: {
          ...keys.userAccess(workspace.apiKey, organizationId, `member-${index}`),
          entity: 'userAccess',
          userId: `member-${index}`,
          createdAt: since,
          lastUpdated: since,
          [entryAttribute('member', 'organization')]: { accessRole: 'editor', since },
        },
      })),
    );
    // The function's own deadline stretched to the test's: what is asserted is the call budget, and
    // on a loaded machine DynamoDB Local alone can take longer than 30 s for 61 transactions.
    const response = await notify({ notificationId: 'big' }, { timeoutMs: 110_000 });
    expect(response.statusCode).toBe(200);
    const writes = response.db.commands.filter((command) => command === 'TransactWriteItems').length;
    expect(writes).toBe(Math.ceil(2002 / 33));
    // Besides the writes: auth, the reads beside it (preferences' two Queries included), member pages.
    expect(response.db.calls).toBeLessThan(writes + 12);
    expect(await inboxOf('member-1999')).toEqual(['big']);
  }, 120_000);
});
