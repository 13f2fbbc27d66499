import { randomUUID } from 'node:crypto';
import { succeed } from '../../support/api';
import type { TestWorkspace } from '../../support/workspaces';
import { useJobQueueAndWorkspaces } from '../lifecycle/support';
import { migrate, statusOf } from '../migration/support';

jest.setTimeout(90_000);

const setup = useJobQueueAndWorkspaces();

const defaults = { inbox: 'ALL', email: 'MINE' };

async function givenDocuments(owner: TestWorkspace, documentIds: string[]) {
  const organizationId = `org-${randomUUID()}`;
  await succeed(owner, 'organizations.add', { organizations: [{ organizationId }] });
  await succeed(owner, 'organizations.documents.add', {
    organizationId,
    documents: documentIds.map((documentId) => ({ documentId })),
  });
  return organizationId;
}

const setPreference = (
  owner: TestWorkspace,
  scope: { organizationId: string; userId: string; documentId?: string },
  config: Record<string, unknown>,
) => succeed(owner, 'notifications.config.update', { ...scope, config });

const notifyBob = (
  owner: TestWorkspace,
  organizationId: string,
  documentId: string,
  notificationId: string,
) =>
  succeed(owner, 'notifications.add', {
    organizationId,
    documentId,
    notificationId,
    actionUser: { userId: 'actor' },
    notifyAll: false,
    notifyUsers: [{ userId: 'bob' }],
    displayHeadlineMessageTemplate: 'h',
    displayBodyMessage: 'b',
  });

const countOf = (owner: TestWorkspace, organizationId: string, userId: string, documentId?: string) =>
  succeed(owner, 'notifications.count', { organizationId, userId, ...(documentId && { documentId }) });

const preferencesOf = (owner: TestWorkspace, organizationId: string, userId: string, documentIds: string[]) =>
  succeed(owner, 'notifications.config.get', { organizationId, userId, documentIds });

describe('notification preferences through the data lifecycle', () => {
  it("are listed among a user's data and erased with it; another user's stay", async () => {
    const owner = setup.workspace;
    const organizationId = await givenDocuments(owner, ['doc']);
    await setPreference(owner, { organizationId, userId: 'pref-bob' }, { inbox: 'NONE' });
    await setPreference(owner, { organizationId, userId: 'pref-bob', documentId: 'doc' }, { email: 'ALL' });
    await setPreference(owner, { organizationId, userId: 'pref-carol' }, { inbox: 'MINE' });
    await succeed(owner, 'notifications.add', {
      organizationId,
      documentId: 'doc',
      actionUser: { userId: 'actor' },
      notifyAll: false,
      notifyUsers: [{ userId: 'pref-bob' }, { userId: 'pref-carol' }],
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
    });
    expect(await countOf(owner, organizationId, 'pref-carol')).toEqual({ total: 1, unread: 1 });
    const listed = (await succeed(owner, 'users.data.get', { userId: 'pref-bob' })).items as {
      feature: string;
      id: string;
    }[];
    // pref-bob's inbox preference (NONE) kept the notification out: only the two preferences.
    expect(listed.map((item) => [item.feature, item.id]).sort()).toEqual(
      [
        ['notification', 'doc'],
        ['notification', organizationId],
      ].sort(),
    );

    const { jobId } = await succeed(owner, 'users.data.delete', { userId: 'pref-bob' });
    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    const status = await succeed(owner, 'users.data.delete.status', { jobId });
    expect(status).toMatchObject({ status: 'completed', counts: { notification: 2 } });
    expect(await countOf(owner, organizationId, 'pref-bob')).toEqual({ total: 0, unread: 0 });
    expect(await countOf(owner, organizationId, 'pref-carol')).toEqual({ total: 1, unread: 1 });
    expect(await preferencesOf(owner, organizationId, 'pref-bob', ['doc'])).toEqual({
      organization: defaults,
      documents: { doc: defaults },
    });
    expect((await preferencesOf(owner, organizationId, 'pref-carol', [])).organization).toEqual({
      inbox: 'MINE',
      email: 'MINE',
    });
  });

  it("move with their document in a migration, inbox counts too; the organization's stay", async () => {
    const owner = setup.workspace;
    const organizationId = await givenDocuments(owner, ['from']);
    await notifyBob(owner, organizationId, 'from', 'n1');
    await notifyBob(owner, organizationId, 'from', 'n2');
    await succeed(owner, 'notifications.update', {
      organizationId,
      notifications: [{ id: 'n1', readByUserIds: ['bob'] }],
    });
    await setPreference(owner, { organizationId, userId: 'bob' }, { email: 'NONE' });
    await setPreference(owner, { organizationId, userId: 'bob', documentId: 'from' }, { inbox: 'MINE' });
    await setPreference(owner, { organizationId, userId: 'carol', documentId: 'from' }, { inbox: 'NONE' });
    const migrationId = await migrate(owner, organizationId, 'from', 'to');
    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    expect(await statusOf(owner, organizationId, migrationId)).toMatchObject({ status: 'completed' });
    expect(await preferencesOf(owner, organizationId, 'bob', ['from', 'to'])).toEqual({
      organization: { inbox: 'ALL', email: 'NONE' },
      documents: { from: { inbox: 'ALL', email: 'NONE' }, to: { inbox: 'MINE', email: 'NONE' } },
    });
    expect((await preferencesOf(owner, organizationId, 'carol', ['to'])).documents).toEqual({
      to: { inbox: 'NONE', email: 'MINE' },
    });
    expect(await countOf(owner, organizationId, 'bob', 'to')).toEqual({ total: 2, unread: 1 });
    expect(await countOf(owner, organizationId, 'bob', 'from')).toEqual({ total: 0, unread: 0 });
    expect(await countOf(owner, organizationId, 'bob')).toEqual({ total: 2, unread: 1 });
  });

  it("are erased with their document, and a re-created id starts from the organization's", async () => {
    const owner = setup.workspace;
    const organizationId = await givenDocuments(owner, ['doomed', 'kept']);
    await setPreference(owner, { organizationId, userId: 'bob' }, { inbox: 'MINE' });
    await setPreference(owner, { organizationId, userId: 'bob', documentId: 'doomed' }, { inbox: 'NONE' });
    await setPreference(owner, { organizationId, userId: 'bob', documentId: 'kept' }, { email: 'ALL' });
    await succeed(owner, 'organizations.documents.delete', { organizationId, documentIds: ['doomed'] });
    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    await succeed(owner, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId: 'doomed' }],
    });
    expect(await preferencesOf(owner, organizationId, 'bob', ['doomed', 'kept'])).toEqual({
      organization: { inbox: 'MINE', email: 'MINE' },
      documents: { doomed: { inbox: 'MINE', email: 'MINE' }, kept: { inbox: 'MINE', email: 'ALL' } },
    });
  });
});
