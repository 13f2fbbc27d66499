import { db } from '../../../shared/db/client';
import { callAs, succeed } from '../../support/api';
import { givenDocumentInRestrictedFolder } from '../../support/organizations';
import { outboxEvents } from '../../support/outbox';
import { alice, bob, carol } from '../../support/people';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { addThread, comment, documentId, organizationId, threadOf } from './support';

let workspace: TestWorkspace;
const onThread = (fields: Record<string, unknown>) => ({
  organizationId,
  documentId,
  annotationId: 'a1',
  verifyUserPermissions: true,
  ...fields,
});

const inboxOf = async (userId: string) =>
  (await succeed(workspace, 'notifications.get', { organizationId, userId })) as any[];

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await givenDocumentInRestrictedFolder(workspace, { organizationId, documentId });
  // alice edits, bob only views; carol has no access to the restricted folder.
  await succeed(workspace, 'users.add', {
    organizationId,
    folderId: 'vault',
    users: [{ userId: 'alice', accessRole: 'editor' }],
  });
  await succeed(workspace, 'users.add', {
    organizationId,
    folderId: 'vault',
    users: [{ userId: 'bob', accessRole: 'viewer' }],
  });
  await addThread(workspace, 'a1', { commentData: [comment(alice, { commentId: 'c1' })] });
});

describe('verifyUserPermissions on comment writes', () => {
  it('fails threads whose writers lack access or only view, per item, and adds the others', async () => {
    const response = await callAs(workspace, 'commentannotations.add', {
      organizationId,
      documentId,
      verifyUserPermissions: true,
      commentAnnotations: [
        { annotationId: 'ok', commentData: [comment(alice)] },
        { annotationId: 'viewer', commentData: [comment(bob)] },
        { annotationId: 'outsider', commentData: [comment(carol)] },
      ],
    });
    const data = response.json.result?.data;
    expect(data.ok).toMatchObject({ success: true });
    expect(data.viewer).toMatchObject({ success: false, status: 'PERMISSION_DENIED' });
    expect(data.viewer.message).toContain('viewer');
    expect(data.outsider).toMatchObject({ success: false, status: 'PERMISSION_DENIED' });
    expect(await threadOf(workspace, 'viewer')).toBeUndefined();
  });

  it('answers PERMISSION_DENIED to a viewer replying, updating or reacting, and writes nothing', async () => {
    const attempts = [
      callAs(workspace, 'commentannotations.comments.add', onThread({ commentData: [comment(bob)] })),
      callAs(workspace, 'commentannotations.update', onThread({ status: 'resolved', actionUser: bob })),
      callAs(
        workspace,
        'commentannotations.reactions.add',
        onThread({ commentId: 'c1', icon: 'x', actionUser: carol }),
      ),
      callAs(
        workspace,
        'commentannotations.comments.update',
        onThread({ commentId: 'c1', commentText: 'y', actionUser: bob }),
      ),
    ];
    for (const response of await Promise.all(attempts))
      expect(response.json.error?.status).toBe('PERMISSION_DENIED');
    const deletes = await succeed(
      workspace,
      'commentannotations.comments.delete',
      onThread({ commentIds: ['c1'], actionUser: bob }),
    );
    expect(deletes.c1).toMatchObject({ success: false, status: 'PERMISSION_DENIED' });
    expect((await outboxEvents(workspace.apiKey)).map((event) => event.event)).toEqual([
      'comment_annotation.add',
    ]);
    // The editor may.
    await succeed(
      workspace,
      'commentannotations.update',
      onThread({ status: 'resolved', actionUser: alice }),
    );
  });

  it('requires actionUser on deletes that verify permissions', async () => {
    const response = await callAs(workspace, 'commentannotations.delete', {
      organizationId,
      documentId,
      annotationIds: ['a1'],
      verifyUserPermissions: true,
    });
    expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
    expect(response.json.error?.message).toContain('actionUser');
  });
});

describe('triggerNotification', () => {
  it('notifies the tagged users and the assignee in-app, never the author; without it nobody', async () => {
    await succeed(workspace, 'commentannotations.update', {
      ...onThread({}),
      verifyUserPermissions: false,
      assignedTo: bob,
      actionUser: alice,
    });
    await succeed(
      workspace,
      'commentannotations.comments.add',
      onThread({
        verifyUserPermissions: false,
        commentData: [
          comment(alice, { commentId: 'quiet', taggedUserContacts: [{ userId: 'carol', contact: carol }] }),
          comment(alice, {
            commentId: 'loud',
            commentText: 'please look',
            triggerNotification: true,
            taggedUserContacts: [{ userId: 'carol', contact: carol }, { userId: 'alice' }],
          }),
        ],
      }),
    );
    for (const userId of ['carol', 'bob']) {
      const inbox = await inboxOf(userId);
      expect(inbox).toHaveLength(1);
      expect(inbox[0]).toMatchObject({
        documentId,
        notificationSource: 'comment',
        notificationSourceData: { annotationId: 'a1', commentId: 'loud' },
        displayBodyMessage: 'please look',
        actionUser: alice,
      });
    }
    expect(await inboxOf('alice')).toEqual([]);
  });

  it("writes the notification in the comment's own transaction: a crash right after it loses nothing", async () => {
    const client = db();
    const send = client.send.bind(client);
    let committed = false;
    // Failure injection: every DynamoDB call after the comment's transaction fails.
    const spy = jest.spyOn(client, 'send').mockImplementation((async (
      command: Parameters<typeof send>[0],
    ) => {
      if (committed) throw new Error('injected crash');
      const output = await send(command);
      if (command.constructor.name === 'TransactWriteCommand') committed = true;
      return output;
    }) as typeof client.send);
    let response: Awaited<ReturnType<typeof callAs>>;
    try {
      response = await callAs(
        workspace,
        'commentannotations.comments.add',
        onThread({
          verifyUserPermissions: false,
          commentData: [
            comment(alice, {
              commentId: 'tagging',
              triggerNotification: true,
              taggedUserContacts: [{ userId: 'bob' }, { userId: 'carol' }],
            }),
          ],
        }),
      );
    } finally {
      spy.mockRestore();
    }
    expect(response.statusCode).toBe(200);
    expect(response.db.commands.at(-1)).toBe('TransactWriteItems');
    for (const userId of ['bob', 'carol'])
      expect((await inboxOf(userId)).map((entry) => entry.notificationSourceData)).toEqual([
        { annotationId: 'a1', commentId: 'tagging' },
      ]);
  });

  it('sends a notification too large for the transaction right after it, to every tagged user', async () => {
    const tagged = Array.from({ length: 100 }, (_, index) => ({ userId: `user-${index}` }));
    const response = await callAs(
      workspace,
      'commentannotations.comments.add',
      onThread({
        verifyUserPermissions: false,
        commentData: [
          comment(alice, { commentId: 'crowd', triggerNotification: true, taggedUserContacts: tagged }),
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    // The transaction, then the record, the inbox entries with their counts (33 a transaction) and
    // the fan-out mark.
    expect(response.db.commands.filter((command) => command === 'TransactWriteItems')).toHaveLength(
      1 + Math.ceil(100 / 33),
    );
    for (const userId of ['user-0', 'user-61', 'user-99'])
      expect((await inboxOf(userId)).map((entry) => entry.notificationSourceData.commentId)).toEqual([
        'crowd',
      ]);
  });
});
