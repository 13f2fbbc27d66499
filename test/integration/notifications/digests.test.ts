import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dueHandlers, notificationDigests } from '../../../functions/workers/due-handlers';
import { logger } from '../../../shared/core/logger';
import { db } from '../../../shared/db/client';
import { entities } from '../../../shared/db/entities';
import { keys } from '../../../shared/db/keys';
import { eraseUserBatch, type UserEraseCursor } from '../../../shared/erasure/user-erasure';
import { readDigestWindow } from '../../../shared/notifications/digest-repository';
import { digestWriteGraceMs } from '../../../shared/notifications/digests';
import { reconcile } from '../../../shared/reconcile/reconciler';
import { updateWebhookConfig } from '../../../shared/settings/webhook-config-service';
import type { PublishedEvent } from '../../../shared/webhooks/event-schemas';
import { callAs, succeed } from '../../support/api';
import { deliverySuite } from '../../support/delivery';
import { holdDate } from '../../support/held-date';
import { dataOf } from '../../support/lambda';
import { outboxEvents } from '../../support/outbox';
import { waitFor } from '../../support/poll';
import { createWebhookWorkspace, endpointOnReceiver } from '../../support/webhooks';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

jest.setTimeout(90_000);

// A table of the file's own: the sweeps below run at times ahead of the clock, so no other file's
// due items may stand before this file's in the due index.
const suite = deliverySuite();

const minute = 60_000;
const organizationId = 'org';
const documentId = 'doc';
const actionUser = { userId: 'actor', name: 'Ann Actor' };

let workspace: TestWorkspace;

const enableDigests = (digest: Record<string, unknown> = {}, owner = workspace) =>
  succeed(owner, 'workspace.notificationconfig.update', { digest: { isEnabled: true, ...digest } });

const setEmail = (userId: string, email: string, scope: Record<string, unknown> = {}) =>
  succeed(workspace, 'notifications.config.update', { organizationId, userId, config: { email }, ...scope });

/** Sends a notification naming `named` (involved) and, with `all`, every member; returns when it was sent. */
async function notify(id: string, named: string[], options: { all?: boolean; owner?: TestWorkspace } = {}) {
  const response = await callAs(options.owner ?? workspace, 'notifications.add', {
    organizationId,
    documentId,
    notificationId: id,
    actionUser,
    displayHeadlineMessageTemplate: `{actionUser} sent ${id}`,
    displayBodyMessage: 'Hello',
    notifyAll: options.all ?? false,
    notifyUsers: named.map((userId) => ({ userId })),
  });
  expect(dataOf(response)).toMatchObject({ success: true });
  return response;
}

const markRead = (id: string, userId: string) =>
  succeed(workspace, 'notifications.update', {
    organizationId,
    notifications: [{ id, readByUserIds: [userId] }],
  });

/** One sweep of the digest windows at `now` (the sweep's clock); returns the digests it sent. */
const sweep = async (now: number) =>
  (await reconcile([notificationDigests], logger, { now }))[entities.inboxCounter.name] ?? 0;

/** A sweep `delayMinutes` (and the write grace) after now: every window opened so far is due. */
const sweepAfter = (delayMinutes = 30, from = Date.now()) =>
  sweep(from + delayMinutes * minute + digestWriteGraceMs + 1000);

const digestsOf = async (owner = workspace) =>
  (await outboxEvents(owner.apiKey)).filter((event) => event.event === 'notification.digest');

const summary = (event: PublishedEvent | undefined) => {
  const data = event?.data as
    | { userId: string; organizationId: string; unreadCount: number; notifications: { id: string }[] }
    | undefined;
  return data && { ...data, notifications: data.notifications.map((notification) => notification.id) };
};

/** Whether a DynamoDB command is a digest's transaction (the delivery pipeline shares the client). */
const isDigestWrite = (command: unknown) =>
  command instanceof TransactWriteCommand &&
  (command.input.TransactItems ?? []).some((item) => item.Put?.Item?.event === 'notification.digest');

/** The first notification record a digest lists, whole. */
const firstListed = (event: PublishedEvent | undefined) =>
  (event?.data.notifications as Record<string, unknown>[] | undefined)?.[0];

const windowOf = (userId: string, owner = workspace) =>
  readDigestWindow(keys.inboxCounter(owner.apiKey, { organizationId, userId }));

async function seedWorkspace(owner: TestWorkspace) {
  await succeed(owner, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(owner, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId }, { documentId: 'other' }],
  });
  await succeed(owner, 'users.add', {
    organizationId,
    users: [{ userId: 'alice' }, { userId: 'bob' }, { userId: 'actor' }],
  });
}

beforeEach(async () => {
  workspace = await createTestWorkspace();
  await seedWorkspace(workspace);
});

describe('notification digests: due work', () => {
  it('sends one digest once the first unread entry is delayMinutes old, not before', async () => {
    await enableDigests();
    const before = Date.now();
    await notify('n1', ['bob']);
    await notify('n2', ['bob']);
    expect(await sweep(before + 30 * minute - 1)).toBe(0);
    expect(await digestsOf()).toEqual([]);

    expect(await sweepAfter()).toBe(1);
    const [digest, ...more] = await digestsOf();
    expect(more).toEqual([]);
    expect(digest).toMatchObject({
      event: 'notification.digest',
      source: 'notification',
      actionType: 'digest',
      organizationId,
      toUsers: [{ userId: 'bob' }],
    });
    expect(summary(digest)).toEqual({
      userId: 'bob',
      organizationId,
      unreadCount: 2,
      notifications: ['n2', 'n1'],
    });
    expect(firstListed(digest)).toMatchObject({
      id: 'n2',
      documentId,
      actionUser,
      displayHeadlineMessageTemplate: '{actionUser} sent n2',
    });
    expect(dueHandlers).toContain(notificationDigests);
  });

  it('honours the configured delayMinutes', async () => {
    await enableDigests({ delayMinutes: 5 });
    const before = Date.now();
    await notify('n1', ['bob']);
    expect(await sweep(before + 5 * minute - 1)).toBe(0);
    expect(await sweepAfter(5)).toBe(1);
  });

  it('writes nothing for digests while they are off, and sends none', async () => {
    await notify('n1', ['bob']);
    expect(await windowOf('bob')).toBeUndefined();
    expect(await sweepAfter()).toBe(0);
    expect(await digestsOf()).toEqual([]);
  });

  it('closes the window without a digest when digests were turned off before it was due', async () => {
    await enableDigests();
    await notify('n1', ['bob']);
    await succeed(workspace, 'workspace.notificationconfig.update', { digest: { isEnabled: false } });
    expect(await sweepAfter()).toBe(0);
    expect(await digestsOf()).toEqual([]);
    expect((await windowOf('bob'))?.gsi7sk).toBeUndefined();
  });

  it('is not sent again by a later sweep; new entries open a new window with only them', async () => {
    await enableDigests();
    await notify('n1', ['bob']);
    expect(await sweepAfter()).toBe(1);
    expect(await sweepAfter(60)).toBe(0);
    expect(await digestsOf()).toHaveLength(1);

    // The clock moved on past the first window; the next entries arrive now.
    const later = Date.now();
    await notify('n2', ['bob']);
    await notify('n3', ['bob']);
    expect(await sweep(later + 30 * minute - 1)).toBe(0);
    expect(await sweepAfter()).toBe(1);
    const digests = await digestsOf();
    expect(digests.map(summary)).toEqual([
      expect.objectContaining({ notifications: ['n1'], unreadCount: 1 }),
      expect.objectContaining({ notifications: ['n3', 'n2'], unreadCount: 2 }),
    ]);
  });

  it('leaves entries younger than the write grace to the next window, due delayMinutes after them', async () => {
    await enableDigests();
    const start = Date.now();
    holdDate(start);
    try {
      await notify('n1', ['bob']);
      // n2 is written as n1's window falls due; the sweep comes 10 s later.
      jest.setSystemTime(start + 30 * minute);
      await notify('n2', ['bob']);
      expect(await sweep(start + 30 * minute + 10_000)).toBe(1);
      expect(await sweep(start + 60 * minute - 1)).toBe(0);
      expect(await sweep(start + 60 * minute + digestWriteGraceMs)).toBe(1);
    } finally {
      jest.useRealTimers();
    }
    expect((await digestsOf()).map(summary)).toEqual([
      expect.objectContaining({ notifications: ['n1'], unreadCount: 1 }),
      expect.objectContaining({ notifications: ['n2'], unreadCount: 1 }),
    ]);
  });
});

describe('notification digests: what they hold', () => {
  it('sends nothing to a user whose email preference is NONE, and closes the window', async () => {
    await enableDigests();
    await setEmail('bob', 'NONE');
    await notify('n1', ['bob']);
    expect(await sweepAfter()).toBe(0);
    expect(await digestsOf()).toEqual([]);
    expect((await windowOf('bob'))?.gsi7sk).toBeUndefined();
  });

  it('with MINE (the default) lists only the entries that involve the user', async () => {
    await enableDigests();
    await notify('everyone', [], { all: true });
    await notify('named', ['alice']);
    expect(await sweepAfter()).toBe(1);
    expect((await digestsOf()).map(summary)).toEqual([
      { userId: 'alice', organizationId, unreadCount: 1, notifications: ['named'] },
    ]);
  });

  it("applies the document's email preference over the organization's", async () => {
    await enableDigests();
    await setEmail('bob', 'ALL');
    await setEmail('bob', 'NONE', { documentId });
    await notify('muted', [], { all: true });
    await succeed(workspace, 'notifications.add', {
      organizationId,
      documentId: 'other',
      notificationId: 'heard',
      actionUser,
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
      notifyAll: true,
      notifyUsers: [],
    });
    expect(await sweepAfter()).toBe(1);
    const bobs = (await digestsOf()).map(summary).filter((digest) => digest?.userId === 'bob');
    expect(bobs).toEqual([{ userId: 'bob', organizationId, unreadCount: 1, notifications: ['heard'] }]);
  });

  it('lists the newest maxItems and counts every unread entry that passed', async () => {
    await enableDigests({ maxItems: 2 });
    for (const id of ['n1', 'n2', 'n3', 'n4', 'n5']) await notify(id, ['bob']);
    expect(await sweepAfter()).toBe(1);
    expect((await digestsOf()).map(summary)).toEqual([
      { userId: 'bob', organizationId, unreadCount: 5, notifications: ['n5', 'n4'] },
    ]);
  });

  it('is cancelled when the user read every entry before it was due', async () => {
    await enableDigests();
    await notify('n1', ['bob']);
    await notify('n2', ['bob']);
    await markRead('n1', 'bob');
    await markRead('n2', 'bob');
    expect(await sweepAfter()).toBe(0);
    expect(await digestsOf()).toEqual([]);
    expect((await windowOf('bob'))?.gsi7sk).toBeUndefined();
  });

  it('counts only the entries still unread when some were read', async () => {
    await enableDigests();
    for (const id of ['n1', 'n2', 'n3']) await notify(id, ['bob']);
    await markRead('n2', 'bob');
    expect(await sweepAfter()).toBe(1);
    expect((await digestsOf()).map(summary)).toEqual([
      { userId: 'bob', organizationId, unreadCount: 2, notifications: ['n3', 'n1'] },
    ]);
  });

  it("digests a comment's notification to the tagged user (involved: MINE lets it through)", async () => {
    await enableDigests();
    await succeed(workspace, 'commentannotations.add', {
      organizationId,
      documentId,
      commentAnnotations: [
        {
          annotationId: 't1',
          commentData: [
            {
              commentId: 'c1',
              commentText: '@bob look',
              from: actionUser,
              triggerNotification: true,
              taggedUserContacts: [{ userId: 'bob' }],
            },
          ],
        },
      ],
    });
    expect(await sweepAfter()).toBe(1);
    const [digest] = await digestsOf();
    expect(summary(digest)).toMatchObject({ userId: 'bob', unreadCount: 1 });
    expect(firstListed(digest)).toMatchObject({
      notificationSource: 'comment',
      notificationSourceData: { annotationId: 't1', commentId: 'c1' },
    });
  });

  it("keeps API keys apart: one key's digests hold only its own entries (tenant isolation)", async () => {
    const other = await createTestWorkspace();
    await seedWorkspace(other);
    await enableDigests();
    await notify('mine', ['bob']);
    await notify('theirs', ['bob'], { owner: other });
    expect(await windowOf('bob', other)).toBeUndefined();
    expect(await sweepAfter()).toBe(1);
    expect((await digestsOf()).map(summary)).toEqual([
      { userId: 'bob', organizationId, unreadCount: 1, notifications: ['mine'] },
    ]);
    expect(await digestsOf(other)).toEqual([]);
  });
});

describe('notification digests: crashes and erasure', () => {
  it('sends exactly once when the digest transaction fails: the window stays due and the next sweep sends it', async () => {
    await enableDigests();
    await notify('n1', ['bob']);
    const client = db();
    const send = client.send.bind(client);
    let failed = 0;
    const spy = jest.spyOn(client, 'send').mockImplementation(((command: Parameters<typeof send>[0]) => {
      if (isDigestWrite(command) && failed === 0) {
        failed += 1;
        return Promise.reject(new Error('injected crash before the digest was written'));
      }
      return send(command);
    }) as typeof client.send);
    try {
      expect(await sweepAfter()).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(failed).toBe(1);
    expect(await digestsOf()).toEqual([]);
    // Backed off by the reconciler: due again later.
    expect(await sweepAfter(120)).toBe(1);
    expect(await sweepAfter(240)).toBe(0);
    expect(await digestsOf()).toHaveLength(1);
  });

  it('sends exactly once when the handler dies right after its transaction', async () => {
    await enableDigests();
    await notify('n1', ['bob']);
    const client = db();
    const send = client.send.bind(client);
    let crashed = 0;
    const spy = jest.spyOn(client, 'send').mockImplementation((async (
      command: Parameters<typeof send>[0],
    ) => {
      const output = await send(command);
      if (isDigestWrite(command) && crashed === 0) {
        crashed += 1;
        throw new Error('injected crash after the digest was written');
      }
      return output;
    }) as typeof client.send);
    try {
      expect(await sweepAfter()).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(crashed).toBe(1);
    expect(await sweepAfter(120)).toBe(0);
    expect(await sweepAfter(240)).toBe(0);
    expect((await digestsOf()).map(summary)).toEqual([
      { userId: 'bob', organizationId, unreadCount: 1, notifications: ['n1'] },
    ]);
  });

  it('loses no entry written between its reads and its write: the window is read again and the digest holds both', async () => {
    await enableDigests();
    await notify('n1', ['bob']);
    const client = db();
    const send = client.send.bind(client);
    let interleaved = false;
    const spy = jest.spyOn(client, 'send').mockImplementation((async (
      command: Parameters<typeof send>[0],
    ) => {
      if (isDigestWrite(command) && !interleaved) {
        interleaved = true;
        await notify('n2', ['bob']);
      }
      return send(command);
    }) as typeof client.send);
    try {
      expect(await sweepAfter()).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(interleaved).toBe(true);
    expect(await sweepAfter(120)).toBe(0);
    expect((await digestsOf()).map(summary)).toEqual([
      { userId: 'bob', organizationId, unreadCount: 2, notifications: ['n2', 'n1'] },
    ]);
  });

  it("erasing the user removes the pending digest with the user's counters", async () => {
    await enableDigests();
    await notify('n1', ['bob']);
    expect((await windowOf('bob'))?.gsi7sk).toBeDefined();
    let cursor: UserEraseCursor | undefined = { range: 0 };
    while (cursor)
      cursor = (await eraseUserBatch(workspace.apiKey, 'bob', undefined, cursor, Date.now())).cursor;
    expect(await windowOf('bob')).toBeUndefined();
    expect(await sweepAfter()).toBe(0);
    expect(await digestsOf()).toEqual([]);
  });

  it("a deleted document's entries leave nothing to send: the window closes without a digest", async () => {
    await enableDigests();
    await notify('n1', ['bob']);
    await succeed(workspace, 'notifications.delete', { organizationId, documentId });
    expect(await sweepAfter()).toBe(0);
    expect(await digestsOf()).toEqual([]);
    expect((await windowOf('bob'))?.gsi7sk).toBeUndefined();
  });
});

describe('notification digests: delivery', () => {
  it('reaches a basic webhook raw URL and an advanced endpoint that accepts notification.digest', async () => {
    workspace = await createWebhookWorkspace();
    await seedWorkspace(workspace);
    const rawPath = `raw-${workspace.apiKey}`;
    await updateWebhookConfig(workspace.apiKey, {
      useWebhookService: true,
      webhookServiceConfig: {
        rawNotificationUrl: `${suite.receiver.url}${rawPath}`,
        triggers: { 'notification.digest': true },
      },
    });
    const endpoint = await endpointOnReceiver(workspace, suite.receiver.url, 'digests', {
      filterTypes: ['notification.digest'],
    });
    const elsewhere = await endpointOnReceiver(workspace, suite.receiver.url, 'comments-only', {
      filterTypes: ['comment.add'],
    });
    await enableDigests();
    await notify('n1', ['bob']);
    expect(await sweepAfter()).toBe(1);
    await waitFor(
      () => suite.receivedAt(rawPath).length === 1 && suite.receivedAt(endpoint.path).length === 1,
    );
    for (const path of [rawPath, endpoint.path]) {
      const [request] = suite.receivedAt(path);
      expect(request?.body).toMatchObject({
        event: 'notification.digest',
        data: { userId: 'bob', organizationId, unreadCount: 1, notifications: [{ id: 'n1' }] },
      });
    }
    expect(suite.receivedAt(elsewhere.path)).toEqual([]);
  });
});

describe('notifications.add with digests on', () => {
  it('adds no DynamoDB call and no serial round trip: the window rides on the counter Update', async () => {
    const plain = await notify('n1', ['alice', 'bob'], { all: true });
    await enableDigests();
    const digested = await notify('n2', ['alice', 'bob'], { all: true });
    expect(digested.db.commands.sort()).toEqual(plain.db.commands.sort());
    expect(digested.db.serialRoundTrips).toBe(plain.db.serialRoundTrips);
    expect((await windowOf('bob'))?.gsi7sk).toBeDefined();
  });

  it('adds no serial round trip to commentannotations.add', async () => {
    const comment = (annotationId: string) => ({
      organizationId,
      documentId,
      commentAnnotations: [
        {
          annotationId,
          commentData: [
            {
              from: actionUser,
              commentText: 'hi',
              triggerNotification: true,
              taggedUserContacts: [{ userId: 'bob' }],
            },
          ],
        },
      ],
    });
    const plain = await callAs(workspace, 'commentannotations.add', comment('t1'));
    await enableDigests();
    const digested = await callAs(workspace, 'commentannotations.add', comment('t2'));
    expect(digested.db.commands.sort()).toEqual(plain.db.commands.sort());
    expect(digested.db.serialRoundTrips).toBe(plain.db.serialRoundTrips);
    expect((await windowOf('bob'))?.gsi7sk).toBeDefined();
  });
});
