import type { ItemKey } from '../key-parts';
import {
  documentSegment,
  encodeKeyPart,
  join,
  organizationPartition,
  separator,
  timelineSortKey,
} from '../key-parts';
import { defineArea } from './definition';

/** Notification records (content once), one inbox entry per recipient, users' notification preferences. */
export const notificationsArea = defineArea({
  entities: {
    notification: { indexes: ['gsi3', 'gsi8'] },
    inboxEntry: { indexes: ['gsi5', 'gsi8'] },
    notificationPreference: { indexes: ['gsi8'] },
    inboxCounter: { indexes: ['gsi7', 'gsi8'] },
  },
  accessPatterns: {
    notificationRecord: { index: 'table' },
    notificationsOfDocument: { index: 'gsi3' },
    inboxOfUser: { index: 'table' },
    recipientsOfNotification: { index: 'gsi5' },
    notificationPreferences: { index: 'table' },
    inboxCounts: { index: 'table' },
    notificationDigestWindow: { index: ['table', 'gsi7'] },
  },
});

const notificationPartition = (apiKey: string, organizationId: string) =>
  organizationPartition(apiKey, organizationId, 'NOTIFICATION');
const notificationDocumentPartition = (apiKey: string, organizationId: string, documentId: string) =>
  join(notificationPartition(apiKey, organizationId), 'DOC', documentSegment(organizationId, documentId));
const recipientsPartition = (apiKey: string, organizationId: string, notificationId: string) =>
  join(notificationPartition(apiKey, organizationId), 'RECIPIENTS', encodeKeyPart(notificationId));
const preferencePartition = (apiKey: string, organizationId: string) =>
  organizationPartition(apiKey, organizationId, 'NOTIFPREF');
const inboxPartition = (apiKey: string, organizationId: string, userId: string) =>
  organizationPartition(apiKey, organizationId, 'INBOX', encodeKeyPart(userId));

/** The keys of notification records, inbox entries and their listings. */
export const notificationKeys = {
  /** A notification's shared record: content once, however many recipients. */
  notification: (apiKey: string, organizationId: string, notificationId: string): ItemKey => ({
    pk: notificationPartition(apiKey, organizationId),
    sk: join('NOTIF', encodeKeyPart(notificationId)),
  }),
  /** Index keys listing a document's notifications by time (gsi3, shared with activity timelines). */
  notificationDocumentListing: (
    apiKey: string,
    notification: { organizationId: string; documentId: string; createdAt: number; notificationId: string },
  ) => ({
    gsi3pk: notificationDocumentPartition(apiKey, notification.organizationId, notification.documentId),
    gsi3sk: timelineSortKey(notification.createdAt, notification.notificationId),
  }),
  notificationDocumentPartition: (apiKey: string, organizationId: string, documentId: string) =>
    notificationDocumentPartition(apiKey, organizationId, documentId),
  /** One recipient's inbox entry, sorted by the notification's time in the user's inbox partition. */
  inboxEntry: (
    apiKey: string,
    entry: { organizationId: string; userId: string; createdAt: number; notificationId: string },
  ): ItemKey => ({
    pk: inboxPartition(apiKey, entry.organizationId, entry.userId),
    sk: timelineSortKey(entry.createdAt, entry.notificationId),
  }),
  inboxPartition: (apiKey: string, organizationId: string, userId: string) =>
    inboxPartition(apiKey, organizationId, userId),
  /** The lowest inbox sort key of entries written at `timestamp` or later. */
  inboxSortFrom: (timestamp: number) => timelineSortKey(timestamp, ''),
  /** Index keys listing a notification's recipients (gsi5), so deleting it finds every inbox entry. */
  inboxRecipientListing: (
    apiKey: string,
    entry: { organizationId: string; userId: string; notificationId: string },
  ) => ({
    gsi5pk: recipientsPartition(apiKey, entry.organizationId, entry.notificationId),
    gsi5sk: encodeKeyPart(entry.userId),
  }),
  recipientsPartition: (apiKey: string, organizationId: string, notificationId: string) =>
    recipientsPartition(apiKey, organizationId, notificationId),
  /**
   * A user's notification preferences (`inbox`, `email`) for the organization (no `documentId`) or
   * one document: every preference of an organization in one partition, the organization's under
   * `ORG#`, each document's under its own prefix, so a notification's write path reads all that
   * apply to it with two Queries whatever its recipients.
   */
  notificationPreference: (
    apiKey: string,
    scope: { organizationId: string; documentId?: string | undefined; userId: string },
  ): ItemKey => ({
    pk: preferencePartition(apiKey, scope.organizationId),
    sk:
      scope.documentId === undefined
        ? join('ORG', encodeKeyPart(scope.userId))
        : join('DOC', documentSegment(scope.organizationId, scope.documentId), encodeKeyPart(scope.userId)),
  }),
  notificationPreferencePartition: (apiKey: string, organizationId: string) =>
    preferencePartition(apiKey, organizationId),
  /** Sort-key prefix of the organization-level preferences, or of one document's. */
  notificationPreferencePrefix: (organizationId: string, documentId?: string) =>
    `${documentId === undefined ? 'ORG' : join('DOC', documentSegment(organizationId, documentId))}${separator}`,
  /**
   * A user's inbox counters (`total`, `unread`) for the organization (`ORG`) or one document, in a
   * partition of the user's own (beside, not inside, the inbox: its Queries never meet them), so a
   * fan-out's counter updates spread over its recipients' partitions.
   */
  inboxCounter: (
    apiKey: string,
    scope: { organizationId: string; documentId?: string | undefined; userId: string },
  ): ItemKey => ({
    pk: organizationPartition(apiKey, scope.organizationId, 'INBOXCOUNT', encodeKeyPart(scope.userId)),
    sk:
      scope.documentId === undefined
        ? 'ORG'
        : join('DOC', documentSegment(scope.organizationId, scope.documentId)),
  }),
  /** The table partition of an organization's notification records. */
  notificationPartition: (apiKey: string, organizationId: string) =>
    notificationPartition(apiKey, organizationId),
} as const;
