import { defineArea } from './definition';

/** Notification records (content once) and one inbox entry per recipient. */
export const notificationsArea = defineArea({
  title: 'Notifications',
  entities: {
    notification: {
      pk: '`…#NOTIFICATION`',
      sk: '`NOTIF#<id>`',
      indexes: ['gsi3', 'gsi8'],
      attributes:
        'id, organizationId, documentId, actionUser (only `userId` in resolver mode), isNotificationResolverUsed, notificationSource?, notificationSourceData?, context?, displayHeadlineMessageTemplate?, displayHeadlineMessageTemplateData?, displayBodyMessage? (all three absent in resolver mode), timestamp, fanOutDone, createdAt, updatedAt',
    },
    inboxEntry: {
      pk: '`…#INBOX#<user>`',
      sk: '`<timestamp>#<id>`',
      indexes: ['gsi5', 'gsi8'],
      attributes: 'notificationId, userId, documentId, timestamp, readAt? (~200 bytes: 1 write unit)',
    },
  },
  accessPatterns: {
    notificationRecord: {
      pattern: "a notification's shared record",
      index: 'table',
      pk: '`AK#<ak>#ORG#<org>#NOTIFICATION`',
      sk: '`NOTIF#<id>`',
      operation: 'PutItem `attribute_not_exists` (idempotent id), BatchGetItem, UpdateItem',
      usedBy: '`notifications.*`',
    },
    notificationsOfDocument: {
      pattern: 'notifications of a document',
      index: 'gsi3',
      pk: '`…#NOTIFICATION#DOC#<doc>`',
      sk: '`<timestamp>#<id>`',
      operation: 'Query until the page is full; Query (ids) for delete',
      usedBy: '`notifications.get` / `.delete` with only `documentId`',
    },
    inboxOfUser: {
      pattern: "a user's inbox, newest first",
      index: 'table',
      pk: '`AK#<ak>#ORG#<org>#INBOX#<user>`',
      sk: '`<timestamp>#<id>`',
      operation: 'Query until the page is full; UpdateItem `readAt`',
      usedBy: '`notifications.get` / `.update` / `.delete` with `userId`',
    },
    recipientsOfNotification: {
      pattern: 'recipients of a notification',
      index: 'gsi5',
      pk: '`…#NOTIFICATION#RECIPIENTS#<id>`',
      sk: '`<user>`',
      operation: 'Query (keys only) + BatchWriteItem',
      usedBy: '`notifications.delete`',
    },
  },
});
