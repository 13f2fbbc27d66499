import { createHash } from 'node:crypto';
import { createRecord, markFannedOut, writeInbox } from '../notifications/repository';
import type { NotificationRecord } from '../notifications/schemas';
import { notifiedUserIds } from './effects';
import type { AnnotationRecord, CommentRecord } from './schemas';

/** A comment's notification id: derived from the comment, so a repeated send finds the same record. */
function notificationIdOf(apiKey: string, annotation: AnnotationRecord, comment: CommentRecord) {
  const digest = createHash('sha256')
    .update(JSON.stringify([apiKey, annotation.documentId, annotation.annotationId, comment.commentId]))
    .digest('base64url');
  return `comment-${digest}`;
}

/**
 * Sends the in-app notification of a comment with `triggerNotification` (addendum §7) to the users
 * it tags and the thread's assignee, never its author, through the notifications repository: one
 * shared record, one inbox entry per recipient, then the fan-out mark — three writes, nothing when
 * nobody is to be told. Runs right after the comment's transaction (notifications are not part of
 * it: they are many items and may exceed a transaction); the deterministic id makes a repeat of a
 * finished send a no-op.
 */
export async function notifyComment(
  apiKey: string,
  annotation: AnnotationRecord,
  comment: CommentRecord,
  now: number,
): Promise<void> {
  const recipients = notifiedUserIds(annotation, comment);
  if (recipients.length === 0) return;
  const record: NotificationRecord = {
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
  };
  const created = await createRecord(apiKey, record);
  if (created.fanOutDone) return;
  const stored = created.existing ?? record;
  await writeInbox(apiKey, stored, recipients);
  await markFannedOut(apiKey, stored);
}
