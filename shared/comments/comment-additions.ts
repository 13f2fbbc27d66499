import { type TransactItem, transactionLimit } from '../db/batch';
import type { CommentChange } from './effects';
import { generateId } from './ids';
import { planNotifications } from './notify';
import { commit } from './repository';
import type { AnnotationRecord, CommentDataInput, CommentRecord } from './schemas';

/** A new comment record; `createdAt` orders an annotation's comments. */
export function newComment(annotationId: string, data: CommentDataInput, createdAt: number): CommentRecord {
  return {
    commentId: data.commentId ?? generateId(createdAt),
    annotationId,
    commentText: data.commentText,
    commentHtml: data.commentHtml,
    from: data.from,
    taggedUserContacts: data.taggedUserContacts,
    agent: data.agent,
    reactions: {},
    createdAt,
    lastUpdated: createdAt,
    version: 0,
  };
}

/** The changes of comments added to an annotation: the first of a new annotation is `comment_annotation.add`. */
export function commentAdditions(
  annotation: AnnotationRecord,
  comments: readonly CommentRecord[],
  inputs: readonly CommentDataInput[],
  newAnnotation: boolean,
): CommentChange[] {
  return comments.map((comment, index) => ({
    event: newAnnotation && index === 0 ? 'comment_annotation.add' : 'comment.add',
    annotation,
    comment,
    actionUser: comment.from,
    agent: comment.agent,
    recordActivity: inputs[index]?.triggerActivities,
  }));
}

/**
 * Commits the transaction that adds `comments` with the in-app notifications they ask for in it
 * (those that fit; the others are sent right after). Returns the cancellation reasons of a refused
 * transaction, whose first items are the caller's `items` in order.
 */
export async function commitComments(
  apiKey: string,
  annotation: AnnotationRecord,
  comments: readonly CommentRecord[],
  inputs: readonly CommentDataInput[],
  now: number,
  items: readonly TransactItem[],
): Promise<string[] | undefined> {
  const notifications = planNotifications(
    apiKey,
    annotation,
    comments,
    inputs,
    now,
    transactionLimit - items.length,
  );
  const refused = await commit([...items, ...notifications.items]);
  if (!refused) await notifications.sendRest();
  return refused;
}
