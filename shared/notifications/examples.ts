/** One example call per route of the notifications domain (./routes.ts), typed by the route's contract (./contracts.ts). */
import { alice, answer, bob, doc, ms, processed } from '../http/example-values';
import type { ExamplesOf } from '../http/route-contract';
import type { notificationsContracts } from './contracts';

export const notificationsExamples = {
  'notifications.add': {
    request: {
      ...doc,
      actionUser: alice,
      notificationId: 'notif-1',
      notifyUsers: [bob],
      displayHeadlineMessageTemplate: '{{actionUser}} mentioned you',
      displayBodyMessage: 'Can you review the intro?',
    },
    response: answer('Notification added.', { success: true, message: 'Notification added.' }),
  },
  'notifications.get': {
    request: { organizationId: 'org-1', userId: 'bob', pageSize: 20 },
    // A user's inbox: each entry also names the recipient and whether they read it.
    response: answer('Notifications retrieved.', [
      {
        id: 'notif-1',
        ...doc,
        actionUser: alice,
        isNotificationResolverUsed: false,
        notificationSource: 'custom',
        displayHeadlineMessageTemplate: '{{actionUser}} mentioned you',
        displayBodyMessage: 'Can you review the intro?',
        timestamp: ms,
        userId: 'bob',
        isRead: false,
      },
    ]),
  },
  'notifications.update': {
    request: { organizationId: 'org-1', notifications: [{ id: 'notif-1', readByUserIds: ['bob'] }] },
    response: processed('Notifications', 'Notification updated.', 'notif-1'),
  },
  'notifications.delete': {
    request: { organizationId: 'org-1', notificationIds: ['notif-1'] },
    response: processed('Notifications', 'Notification deleted.', 'notif-1'),
  },
  'notifications.count': {
    request: { organizationId: 'org-1', userId: 'bob' },
    response: answer('Notification count retrieved.', { total: 12, unread: 3 }),
  },
  'notifications.config.get': {
    request: { organizationId: 'org-1', userId: 'bob', documentIds: ['doc-1'] },
    response: answer('Notification config retrieved.', {
      organization: { inbox: 'ALL', email: 'MINE' },
      documents: { 'doc-1': { inbox: 'MINE', email: 'NONE' } },
    }),
  },
  'notifications.config.update': {
    request: { organizationId: 'org-1', userId: 'bob', documentId: 'doc-1', config: { inbox: 'MINE' } },
    response: answer('Notification config updated.', {
      organization: { inbox: 'ALL', email: 'MINE' },
      documents: { 'doc-1': { inbox: 'MINE', email: 'MINE' } },
    }),
  },
} satisfies ExamplesOf<typeof notificationsContracts>;
