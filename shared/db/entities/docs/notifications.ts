import { notificationsArea } from '../notifications';
import { documentArea } from './definition';

/** What docs/data-model.md says of `notificationsArea`: its title, item layouts and attributes, access patterns. */
export const notificationsDocs = documentArea(notificationsArea, {
  title: 'Notifications',
  entities: {
    notification: {
      pk: 'AK#<ak>#ORG#<org>#NOTIFICATION',
      sk: 'NOTIF#<id>',
      attributes:
        'id, organizationId, documentId, actionUser (only `userId` in resolver mode), isNotificationResolverUsed, notificationSource?, notificationSourceData?, context?, displayHeadlineMessageTemplate?, displayHeadlineMessageTemplateData?, displayBodyMessage? (all three absent in resolver mode), timestamp, fanOutDone, createdAt, updatedAt',
    },
    inboxEntry: {
      pk: 'AK#<ak>#ORG#<org>#INBOX#<user>',
      sk: '<timestamp>#<id>',
      attributes: 'notificationId, userId, documentId, timestamp, readAt? (~200 bytes: 1 write unit)',
    },
    inboxCounter: {
      pk: 'AK#<ak>#ORG#<org>#INBOXCOUNT#<user>',
      sk: ['ORG', 'DOC#<doc>'],
      attributes:
        "organizationId, userId, documentId? (a document's), total, unread (changed in the transaction that writes, reads, moves or deletes an inbox entry), gsi8pk/gsi8sk (the user's data), updatedAt",
    },
    notificationPreference: {
      pk: 'AK#<ak>#ORG#<org>#NOTIFPREF',
      sk: ['ORG#<user>', 'DOC#<doc>#<user>'],
      attributes:
        "organizationId, documentId? (a document's), userId, inbox?, email? (`ALL`, `MINE`, `NONE`; absent: the wider scope's), gsi8pk/gsi8sk (the user's data), createdAt, updatedAt",
    },
  },
  accessPatterns: {
    notificationRecord: {
      pattern: "a notification's shared record",
      pk: '`AK#<ak>#ORG#<org>#NOTIFICATION`',
      sk: '`NOTIF#<id>`',
      operation: 'PutItem `attribute_not_exists` (idempotent id), BatchGetItem, UpdateItem',
      usedBy: '`notifications.*`',
    },
    notificationsOfDocument: {
      pattern: 'notifications of a document',
      pk: '`…#NOTIFICATION#DOC#<doc>`',
      sk: '`<timestamp>#<id>`',
      operation: 'Query until the page is full; Query (ids) for delete',
      usedBy: '`notifications.get` / `.delete` with only `documentId`',
    },
    inboxOfUser: {
      pattern: "a user's inbox, newest first",
      pk: '`AK#<ak>#ORG#<org>#INBOX#<user>`',
      sk: '`<timestamp>#<id>`',
      operation: 'Query until the page is full; UpdateItem `readAt`',
      usedBy: '`notifications.get` / `.update` / `.delete` with `userId`',
    },
    recipientsOfNotification: {
      pattern: 'recipients of a notification',
      pk: '`…#NOTIFICATION#RECIPIENTS#<id>`',
      sk: '`<user>`',
      operation: 'Query (keys only) + BatchWriteItem',
      usedBy: '`notifications.delete`',
    },
    inboxCounts: {
      pattern: "a user's inbox counts, of the organization or one document",
      pk: '`AK#<ak>#ORG#<org>#INBOXCOUNT#<user>`',
      sk: '`ORG` / `DOC#<doc>`',
      operation:
        'GetItem (consistent); `ADD total, unread` Updates in the transactions that put (conditional), read, move and delete inbox entries',
      usedBy:
        '`notifications.count`, `notifications.add` / `.update` / `.delete`, comment notifications, migration',
    },
    notificationPreferences: {
      pattern: "users' notification preferences of an organization or a document",
      pk: '`AK#<ak>#ORG#<org>#NOTIFPREF`',
      sk: 'begins_with `ORG#` / `DOC#<doc>#` (every user), or `ORG#<user>` / `DOC#<doc>#<user>` (one)',
      operation:
        'two Queries beside the reads a notification write already makes; BatchGetItem (one user); UpdateItem (merge)',
      usedBy: '`notifications.add`, `notifications.config.*`, document migration, user erasure',
    },
  },
});
