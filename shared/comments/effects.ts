import { randomUUID } from 'node:crypto';
import { activityTransactItems } from '../activities/repository';
import type { ActivityRecord } from '../activities/schemas';
import type { TransactItem } from '../db/batch';
import type { ActivityConfig } from '../settings/schemas';
import { createCatalogEvent, outboxPut } from '../webhooks/outbox';
import type { AgentInfo, AnnotationRecord, CommentRecord, CommentUser } from './schemas';

/**
 * What every comment change writes besides itself, in the same transaction: its webhook event
 * (transactional outbox) and, when the activity service and the action's trigger are on, its
 * activity record. Pure builders; the services put the items into their transactions.
 */

/** The events comments publish (the base contract's trigger keys, plus the annotation delete). */
export const commentEvents = [
  'comment_annotation.add',
  'comment.add',
  'comment.update',
  'comment.delete',
  'comment_annotation.status_change',
  'comment_annotation.assign',
  'comment_annotation.priority_change',
  'comment_annotation.suggestion_accept',
  'comment_annotation.suggestion_reject',
  'comment.reaction_add',
  'comment.reaction_delete',
  'comment_annotation.delete',
] as const;
export type CommentEvent = (typeof commentEvents)[number];

/**
 * The activity trigger (`triggers.comment.<key>` of the activity config) that governs each event;
 * the keys are the ones the first enable seeds (shared/settings/merge.ts, docs/decisions.md).
 */
export const activityTriggerOf: Record<CommentEvent, string> = {
  'comment_annotation.add': 'added',
  'comment.add': 'added',
  'comment.update': 'updated',
  'comment.delete': 'deleted',
  'comment_annotation.delete': 'deleted',
  'comment_annotation.status_change': 'statusChanged',
  'comment_annotation.assign': 'assigned',
  'comment_annotation.priority_change': 'priorityChanged',
  'comment_annotation.suggestion_accept': 'suggestionAccepted',
  'comment_annotation.suggestion_reject': 'suggestionRejected',
  'comment.reaction_add': 'reactionAdded',
  'comment.reaction_delete': 'reactionDeleted',
};

/** One change of an annotation, as its event and activity describe it. */
export interface CommentChange {
  event: CommentEvent;
  /** The annotation after the change (before it, for a delete). */
  annotation: AnnotationRecord;
  /** The comment the change concerns, if any (before it, for a delete). */
  comment?: CommentRecord;
  actionUser: CommentUser;
  /** The agent that acted: given with the action, or the comment's own agent block. */
  agent?: AgentInfo;
  /** Fields that changed, `{ from, to }`. */
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** The reaction's icon, for reaction events. */
  icon?: string;
  /** False when the comment says `triggerActivities: false` (bulk imports). */
  recordActivity?: boolean;
}

/** The annotation's own fields, without its comments (webhook payloads and activity `entityData`). */
export function annotationSnapshot(annotation: AnnotationRecord) {
  return {
    annotationId: annotation.annotationId,
    type: annotation.type,
    status: annotation.status,
    ...(annotation.priority !== undefined && { priority: annotation.priority }),
    ...(annotation.assignedTo !== undefined && { assignedTo: annotation.assignedTo }),
    ...(annotation.context !== undefined && { context: annotation.context }),
    ...(annotation.suggestionDecision !== undefined && { suggestionDecision: annotation.suggestionDecision }),
  };
}

/** A comment as events and activities carry it (reactions left out). */
export function commentSnapshot(comment: CommentRecord) {
  return {
    commentId: comment.commentId,
    ...(comment.commentText !== undefined && { commentText: comment.commentText }),
    ...(comment.commentHtml !== undefined && { commentHtml: comment.commentHtml }),
    from: comment.from,
    ...(comment.taggedUserContacts !== undefined && { taggedUserContacts: comment.taggedUserContacts }),
    ...(comment.agent !== undefined && { agent: comment.agent }),
  };
}

/** A tagged user as a recipient: the contact's profile when given. */
const taggedUsers = (comment: CommentRecord | undefined): CommentUser[] =>
  (comment?.taggedUserContacts ?? []).map((tag) => ({ ...tag.contact, userId: tag.userId }));

/**
 * Resolved recipients of a change (the processed basic payload's `toUsers`, addendum §8): users
 * tagged in the target comment, the assignee and the annotation's participants, without the acting
 * user; each `{ userId, name, email }` as far as known. Built from the change alone (no reads).
 */
export function recipientsOf(change: CommentChange): { userId: string; name?: string; email?: string }[] {
  const byId = new Map<string, CommentUser>();
  const add = (user: CommentUser) => byId.set(user.userId, { ...byId.get(user.userId), ...user });
  for (const user of taggedUsers(change.comment)) add(user);
  if (change.annotation.assignedTo) add(change.annotation.assignedTo);
  for (const user of Object.values(change.annotation.participants)) add(user);
  byId.delete(change.actionUser.userId);
  return [...byId.values()].map((user) => ({ userId: user.userId, name: user.name, email: user.email }));
}

/** Users a comment's `triggerNotification` notifies in-app: tagged users and the assignee, not the author. */
export function notifiedUserIds(annotation: AnnotationRecord, comment: CommentRecord): string[] {
  const ids = new Set([...taggedUsers(comment).map((user) => user.userId)]);
  if (annotation.assignedTo) ids.add(annotation.assignedTo.userId);
  ids.delete(comment.from.userId);
  return [...ids];
}

const actingUser = (change: CommentChange) => ({
  ...change.actionUser,
  ...(change.agent !== undefined && { agent: change.agent }),
});

/** The webhook event of a change (payload: addendum §8; see docs/decisions.md). */
export function eventOf(apiKey: string, change: CommentChange, now: number) {
  const { annotation } = change;
  const status = change.changes?.status;
  const priority = change.changes?.priority;
  const assignee = change.changes?.assignedTo;
  return createCatalogEvent(
    {
      event: change.event,
      actionType: change.event.slice(change.event.indexOf('.') + 1),
      source: 'comment',
      organizationId: annotation.organizationId,
      documentId: annotation.documentId,
      toUsers: recipientsOf(change),
      data: {
        annotationId: annotation.annotationId,
        commentAnnotation: annotationSnapshot(annotation),
        ...(change.comment && { targetComment: commentSnapshot(change.comment) }),
        actionUser: actingUser(change),
        ...(status && { oldStatus: status.from, newStatus: status.to }),
        ...(priority && { oldPriority: priority.from, newPriority: priority.to }),
        ...(assignee && { oldAssignedTo: assignee.from, newAssignedTo: assignee.to }),
        ...(change.changes && { changes: change.changes }),
        ...(change.icon !== undefined && { reaction: { icon: change.icon } }),
        metadata: {
          apiKey,
          organizationId: annotation.organizationId,
          documentId: annotation.documentId,
        },
      },
    },
    now,
  );
}

/** Whether the activity config records a change: service on, the event's trigger on, not suppressed. */
export function recordsActivity(config: ActivityConfig, change: CommentChange): boolean {
  return (
    config.isEnabled &&
    change.recordActivity !== false &&
    config.triggers?.comment?.[activityTriggerOf[change.event]] === true
  );
}

/** The activity record of a change (the shape memory search derives judgments from; docs/decisions.md). */
export function activityOf(
  apiKey: string,
  config: ActivityConfig,
  change: CommentChange,
  now: number,
): ActivityRecord {
  const { annotation, comment } = change;
  return {
    id: randomUUID(),
    featureType: change.event.startsWith('comment.reaction_') ? 'reaction' : 'comment',
    actionType: change.event,
    actionUser: actingUser(change),
    targetEntityId: annotation.annotationId,
    ...(comment && { targetSubEntityId: comment.commentId }),
    ...(change.changes && { changes: change.changes }),
    entityData: annotationSnapshot(annotation),
    ...(comment && {
      entityTargetData: {
        commentId: comment.commentId,
        ...(comment.commentText !== undefined && { commentText: comment.commentText }),
        ...(comment.commentHtml !== undefined && { commentHtml: comment.commentHtml }),
        from: comment.from,
        ...(comment.agent !== undefined && { agent: comment.agent }),
        ...(change.icon !== undefined && { icon: change.icon }),
      },
    }),
    metadata: { apiKey, organizationId: annotation.organizationId, documentId: annotation.documentId },
    timestamp: now,
    ...(config.immutable && { immutable: true }),
  };
}

/** The transaction items of changes: each one's outbox event, and its activity when recorded. */
export async function effectItems(
  apiKey: string,
  config: ActivityConfig,
  changes: readonly CommentChange[],
  now: number,
): Promise<TransactItem[]> {
  const items = await Promise.all(
    changes.map(async (change, index) => [
      // Events of one transaction are a millisecond apart, so the outbox (time-ordered) keeps their order.
      outboxPut(apiKey, eventOf(apiKey, change, now + index)),
      ...(recordsActivity(config, change)
        ? await activityTransactItems(apiKey, activityOf(apiKey, config, change, now), now)
        : []),
    ]),
  );
  return items.flat();
}
