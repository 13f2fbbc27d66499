import { type ApiKeyClient, type Area, ids, newWorkspaceClient } from './types';

/**
 * A key with one organization of 20 members and one document; 120 notifications sent to everyone,
 * so every member's inbox holds more than a page (100) throughout the run. `digested` is a key of
 * its own with the same members and document and notification digests on.
 */
export interface NotificationsFixture {
  api: ApiKeyClient;
  digested: ApiKeyClient;
}

/** The organization's members and its document under a fresh key. */
async function seedMembers(api: ApiKeyClient) {
  await api.call('users.add', {
    organizationId,
    users: members.map((userId) => ({ userId, name: `Bench ${userId}`, email: `${userId}@example.com` })),
  });
  await api.call('organizations.documents.add', { organizationId, documents: [{ documentId }] });
}

const organizationId = 'org';
const documentId = 'doc';
const members = ids('member-', 20);
const seededIds = ids('seed-', 120);

/** A comment notification from `member-0` to every member (the contract's default `notifyAll`). */
const notification = (notificationId: string) => ({
  organizationId,
  documentId,
  notificationId,
  actionUser: { userId: 'member-0', name: 'Bench member-0', email: 'member-0@example.com' },
  notifyUsers: [],
  notificationSource: 'comment',
  displayHeadlineMessageTemplate: '{actionUser} replied in {documentName}',
  displayHeadlineMessageTemplateData: { documentName: 'Bench document' },
  displayBodyMessage: 'Looks good to me; shipping it after the review.',
});

export const notificationsArea: Area<NotificationsFixture> = {
  name: 'notifications',
  async seed(context) {
    const api = await newWorkspaceClient(context, 'notifications');
    await seedMembers(api);
    const digested = await newWorkspaceClient(context, 'notifications-digested');
    await seedMembers(digested);
    await digested.call('workspace.notificationconfig.update', { digest: { isEnabled: true } });
    for (const id of seededIds) await api.call('notifications.add', notification(id));
    // Preferences of half the members, for the organization and the document: the `preferences` row
    // of notifications.add reads and applies them.
    for (const [index, userId] of members.entries()) {
      if (index % 2 === 1) continue;
      await api.call('notifications.config.update', {
        organizationId,
        userId,
        config: { inbox: index % 4 === 0 ? 'MINE' : 'ALL', email: 'ALL' },
      });
      await api.call('notifications.config.update', {
        organizationId,
        userId,
        documentId: 'preferred',
        config: { inbox: index === 2 ? 'NONE' : 'ALL' },
      });
    }
    await api.call('organizations.documents.add', {
      organizationId,
      documents: [{ documentId: 'preferred' }],
    });
    return { api, digested };
  },
  scenarios: {
    'notifications.add': [
      {
        request: (fixture, index) => ({ headers: fixture.api.headers, data: notification(`added-${index}`) }),
      },
      {
        // Every member of a document whose users stored preferences (organization and document
        // level): they are read beside auth, so the row keeps the plain row's serial round trips.
        variant: 'preferences',
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: { ...notification(`preferred-${index}`), documentId: 'preferred' },
        }),
      },
      {
        // Digests on: the recipients' digest windows ride on their organization counters' Updates
        // in the inbox transactions, so the row keeps the plain row's calls and serial round trips.
        variant: 'digests',
        request: (fixture, index) => ({
          headers: fixture.digested.headers,
          data: notification(`digested-${index}`),
        }),
      },
    ],
    'notifications.count': [
      {
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: { organizationId, userId: members[1 + (index % 19)] },
        }),
      },
      {
        variant: 'document',
        request: (fixture, index) => ({
          headers: fixture.api.headers,
          data: { organizationId, userId: members[1 + (index % 19)], documentId },
        }),
      },
    ],
    'notifications.config.get': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId,
          userId: members[index % members.length],
          documentIds: [documentId, 'preferred'],
        },
      }),
    },
    'notifications.config.update': {
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId,
          userId: members[index % members.length],
          documentId,
          config: { email: index % 2 === 0 ? 'ALL' : 'MINE' },
        },
      }),
    },
    'notifications.get': {
      // A member's inbox, first page (the default 100), newest first.
      request: (fixture) => ({ headers: fixture.api.headers, data: { organizationId, userId: 'member-1' } }),
    },
    'notifications.update': {
      // One member reads one notification.
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: {
          organizationId,
          notifications: [
            { id: seededIds[index % seededIds.length], readByUserIds: [members[1 + (index % 19)]] },
          ],
        },
      }),
    },
    'notifications.delete': {
      prepare: (fixture, index) => fixture.api.call('notifications.add', notification(`gone-${index}`)),
      request: (fixture, index) => ({
        headers: fixture.api.headers,
        data: { organizationId, notificationIds: [`gone-${index}`] },
      }),
    },
  },
};
