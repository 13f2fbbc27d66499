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
      attributes:
        'notificationId, userId, documentId, timestamp, involved? (true when it involves the user: `MINE` lets it through), readAt? (~200 bytes: 1 write unit)',
    },
    inboxCounter: {
      pk: 'AK#<ak>#ORG#<org>#INBOXCOUNT#<user>',
      sk: ['ORG', 'DOC#<doc>'],
      attributes:
        "organizationId, userId, documentId? (a document's), total, unread (changed in the transaction that writes, reads, moves or deletes an inbox entry), gsi8pk/gsi8sk (the user's data), updatedAt; the organization's (`ORG`) also holds the user's digest window while digests are on: apiKey, digestSeq (entries written, for the digest's condition), digestedThrough (epoch ms: entries up to it were digested or passed over), digestIncarnations, gsi7pk/gsi7sk (while a window is pending: due at its first entry + `delayMinutes`)",
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
    notificationDigestWindow: {
      pattern: "a user's pending notification digest",
      pk: '`AK#<ak>#ORG#<org>#INBOXCOUNT#<user>`',
      sk: '`ORG`',
      operation:
        '`if_not_exists` due keys on the counter Update of the transactions that put entries (no extra item); reconciler: Query of the inbox after the watermark, then one TransactWriteItems (outbox event + watermark and next due, condition `digestSeq` and `gsi7sk` as read)',
      usedBy: '`notifications.add`, comment notifications, reconciler (`notification.digest`)',
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
