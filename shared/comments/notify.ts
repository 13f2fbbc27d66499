import { createHash } from 'node:crypto';
import { inTable, type TransactItem } from '../db/batch';
import { counterItems, digestWrite, newEntryCounts } from '../notifications/count-repository';
import type { DigestOpening } from '../notifications/digest-repository';
import type { ScopePreferences } from '../notifications/preference-repository';
import { inboxRecipients } from '../notifications/preference-service';
import { createRecord, inboxItems, markFannedOut, recordItem, writeInbox } from '../notifications/repository';
import { inboxEntry, type NotificationRecord } from '../notifications/schemas';
import { notifiedUserIds } from './effects';
import type { AnnotationRecord, CommentDataInput, CommentRecord } from './schemas';

/**
 * A comment's notification id: derived from the comment (its creation time included, so a comment
 * id reused after a delete is a new notification), so a repeated send finds the same record.
 */
function notificationIdOf(apiKey: string, annotation: AnnotationRecord, comment: CommentRecord) {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        apiKey,
        annotation.documentId,
        annotation.annotationId,
        comment.commentId,
        comment.createdAt,
      ]),
    )
    .digest('base64url');
  return `comment-${digest}`;
}

/** A comment's in-app notification (addendum §7) and its recipients: tagged users and the assignee, never the author. */
interface CommentNotification {
  record: NotificationRecord;
  recipients: string[];
}

/**
 * A comment's notification and its recipients whose inbox preference lets it in: each of them is
 * tagged or assigned, so involved (`MINE` lets it in); `NONE` keeps it out.
 */
function notificationOf(
  apiKey: string,
  annotation: AnnotationRecord,
  comment: CommentRecord,
  now: number,
  preferences: ScopePreferences,
): CommentNotification | undefined {
  const recipients = inboxRecipients(notifiedUserIds(annotation, comment), preferences, involved);
  if (recipients.length === 0) return undefined;
  return {
    recipients,
    record: {
      id: notificationIdOf(apiKey, annotation, comment),
      organizationId: annotation.organizationId,
      documentId: annotation.documentId,
      actionUser: comment.from,
      isNotificationResolverUsed: false,
      notificationSource: 'comment',
      notificationSourceData: { annotationId: annotation.annotationId, commentId: comment.commentId },
      displayHeadlineMessageTemplate: '{actionUser} commented on a thread you are part of',
      displayHeadlineMessageTemplateData: { actionUser: comment.from },
      displayBodyMessage: comment.commentText ?? '',
      timestamp: now,
    },
  };
}

/** Every recipient of a comment notification is tagged or assigned: involved (`MINE` lets it through). */
const involved = () => true;

/**
 * Sends a notification outside any transaction: the shared record, one inbox entry per recipient
 * (opening digest windows while digests are on), then the fan-out mark; the deterministic id makes
 * a repeat of a finished send a no-op.
 */
async function send(
  apiKey: string,
  { record, recipients }: CommentNotification,
  digest: DigestOpening | undefined,
): Promise<void> {
  const created = await createRecord(apiKey, record);
  if (created.fanOutDone) return;
  const stored = created.existing ?? record;
  await writeInbox(apiKey, stored, recipients, involved, digest);
  await markFannedOut(apiKey, stored);
}

/** The notifications of comments added with `triggerNotification`, planned around their transaction. */
export interface NotificationPlan {
  /** Records and inbox entries of the notifications that fit: written by the comments' transaction. */
  items: TransactItem[];
  /** Sends the others, after the transaction (only when a comment tags more users than fit). */
  sendRest(): Promise<void>;
}

/**
 * Puts the in-app notifications of the comments that asked for them into the comments' own
 * transaction — the record (already fanned out), every inbox entry and the recipients' inbox counts
 * (one Update per counter, merged over the comments) — as long as they fit in
 * `room` items, so a comment and its notification land together or not at all. `preferences` are
 * the recipients' stored preferences, read beside the route's first reads. While digests are on
 * (`digest`), the organization counters' Updates open the recipients' digest windows (no extra
 * item). A notification that does not fit (dozens of tagged users) is sent right after the
 * transaction instead.
 */
export function planNotifications(
  apiKey: string,
  annotation: AnnotationRecord,
  comments: readonly CommentRecord[],
  inputs: readonly CommentDataInput[],
  now: number,
  room: number,
  preferences: ScopePreferences,
  digest: DigestOpening | undefined,
): NotificationPlan {
  const planned: { record: NotificationRecord; entries: Record<string, unknown>[] }[] = [];
  const rest: CommentNotification[] = [];
  const countsOf = (notifications: typeof planned) => {
    const entries = notifications.flatMap(({ entries }) => entries.map((item) => inboxEntry.parse(item)));
    return counterItems(
      apiKey,
      newEntryCounts(annotation.organizationId, entries),
      now,
      digestWrite(digest, entries),
    );
  };
  const sizeOf = (notifications: typeof planned) =>
    notifications.reduce((size, { entries }) => size + 1 + entries.length, 0) +
    countsOf(notifications).length;
  comments.forEach((comment, index) => {
    if (!inputs[index]?.triggerNotification) return;
    const notification = notificationOf(apiKey, annotation, comment, now, preferences);
    if (!notification) return;
    const { record, recipients } = notification;
    const candidate = { record, entries: inboxItems(apiKey, record, recipients, involved) };
    if (sizeOf([...planned, candidate]) > room) {
      rest.push(notification);
      return;
    }
    planned.push(candidate);
  });
  return {
    items: [
      ...planned.flatMap(({ record, entries }) => [
        { Put: inTable({ Item: recordItem(apiKey, record, true) }) },
        ...entries.map((Item) => ({ Put: inTable({ Item }) })),
      ]),
      ...countsOf(planned),
    ],
    sendRest: async () => {
      await Promise.all(rest.map((notification) => send(apiKey, notification, digest)));
    },
  };
}
