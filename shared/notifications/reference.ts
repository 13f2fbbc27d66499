/** The reference's words for the notifications domain's routes (./routes.ts): see shared/http/reference.ts. */
import { domainReference } from '../http/reference';
import type { notificationsContracts } from './contracts';

const headline =
  'The headline, with variables in single braces filled from `displayHeadlineMessageTemplateData` (`{actionUser} mentioned you`).';

export const notificationsReference = domainReference<typeof notificationsContracts>()({
  operations: {
    'notifications.add':
      "Records one notification about a document and puts it in the inbox of its recipients: every member of the organization when `notifyAll` is true (the default), plus the users in `notifyUsers`. Each user's inbox preference applies. With `verifyUserPermissions` only recipients who may open the document get it; with a `context` only users granted matching context fields. Sending the same `notificationId` again does not notify twice. A missing organization or document is `NOT_FOUND` unless `createOrganization` / `createDocument`.",
    'notifications.get':
      "With `userId`: that user's inbox, each notification with `isRead`. Without it: the notifications about `documentId`. Ordered by time (newest first unless `order` says `asc`), a page at a time, optionally only the ids in `notificationIds`.",
    'notifications.update':
      'Marks notifications read for the users in `readByUserIds`, or changes their content (headline, body, template data, source data). Each item needs its `id` and at least one change; a missing notification fails per item.',
    'notifications.delete':
      "Deletes the notifications in `notificationIds`, or every notification about `documentId`; with only `userId`, empties that user's inbox (the notifications stay for other recipients). At least one of the three is required.",
    'notifications.count':
      "Answers how many notifications `userId`'s inbox holds (`total`) and how many of them are unread (`unread`), in the organization or, with `documentId`, about that document. Counts are kept with every write, exact under concurrent writes, and read in one step.",
    'notifications.config.get':
      "Answers the preferences in force for `userId`: for the organization, and for each document in `documentIds` (at most 100). A document's value wins over the organization's, which wins over the default (`inbox: 'ALL'`, `email: 'MINE'`).",
    'notifications.config.update':
      'Sets the preferences sent (`inbox`, `email` or both) for the organization, or for `documentId` only; a value not sent keeps what was set. Answers the values in force for the scope written, in the shape of `notifications/config/get`.',
  },
  fields: {
    actionUser:
      'The user who caused the notification: `userId` plus any profile fields (`name`, `email`, ...), stored as given.',
    'actionUser.name': "The acting user's name.",
    'actionUser.email': "The acting user's email address.",
    notifyUsers:
      'Users to notify (at most 1000), on top of the organization members when `notifyAll` is true; each `userId` plus any profile fields.',
    'notifyUsers.name': "The user's name.",
    'notifyUsers.email': "The user's email address.",
    verifyUserPermissions:
      'Notify only the recipients who may open the document (memberships, grants and access types, or your permission provider when it is on). Default false.',
    notificationId:
      'Your id for the notification (letters, digits, `_` and `-`); generated when left out. Sending the same id again does not notify twice.',
    isNotificationResolverUsed:
      "Resolver mode: the headline and body are not required, and the user's personal data is stripped from the stored record; your frontend fills in the content when it shows the notification. Default false.",
    displayHeadlineMessageTemplate: `${headline} Required unless \`isNotificationResolverUsed\`.`,
    'notifications.displayHeadlineMessageTemplate': headline,
    'Notification.displayHeadlineMessageTemplate': headline,
    displayHeadlineMessageTemplateData:
      "Values for the headline's variables: `actionUser`, `recipientUser` and any of your own, by name.",
    displayBodyMessage: 'The body text. Required unless `isNotificationResolverUsed`.',
    'notifications.displayBodyMessage': 'The new body text.',
    'Notification.displayBodyMessage': 'The body text.',
    notifyAll: 'Notify every member of the organization as well as `notifyUsers`. Default true.',
    notificationSource:
      'Where the notification comes from: `custom` (your own), `comment`, `huddle` or `crdt`.',
    notificationSourceData:
      'Your own object, stored and answered as given (for example, what a click should open).',
    context:
      'Reach only users granted matching context fields (`auth/permissions/add` with type `context`): `{ access: { <field>: string or number } }`.',
    access: 'The context fields a recipient must have been granted, `{ <field>: value }`.',
    'result.data.success': 'Whether the notification was recorded.',
    'result.data.message': 'What happened, for people to read.',
    'data.userId': 'The user whose inbox to read or empty; `userId` or `documentId` is required to read.',
    'data.documentId':
      'The document the notification is about; with `notifications/get` and `/delete`, the notifications about it.',
    'Notification.userId': "The recipient, when reading a user's inbox.",
    notificationIds: 'Only these notifications, at most 100.',
    order: 'Oldest first (`asc`) or newest first (`desc`, the default).',
    notifications: 'The notifications to change, at most 100.',
    'notifications.id': 'The notification to change.',
    'Notification.id': 'The notification id.',
    readByUserIds: 'Mark the notification read for these users (at most 100).',
    'notifications.notificationSourceData': 'New source data, replacing the stored one.',
    'notifications.displayHeadlineMessageTemplateData': "New values for the headline's variables.",
    timestamp: 'When the notification was recorded, epoch milliseconds.',
    isRead: "Whether the recipient has read it; only when reading a user's inbox.",
    'Notification.organizationId': 'The organization of the document.',
    'Notification.documentId': 'The document the notification is about.',
    total: 'Inbox entries of the user (of the document, when given).',
    unread: 'Of those, the ones the user has not read.',
    documentIds: 'Also answer the preferences in force for these documents, at most 100.',
    config: 'The preferences to set: `inbox`, `email` or both.',
    inbox:
      "Which notifications reach the user's inbox: `ALL`, `MINE` (only those that involve the user: named in `notifyUsers`, tagged, assigned, or an author in the thread) or `NONE`.",
    email:
      'Which notifications the user wants by email (`ALL`, `MINE` or `NONE`): your email sender reads it from the processed basic-webhook payload.',
    organization: "The user's preferences in force for the organization.",
    documents: "The user's preferences in force per document id.",
  },
});
