import { inTable, setAssignments, type TransactItem } from '../db/batch';
import { entities } from '../db/entities';
import { keys } from '../db/keys';
import type { AnnotationRef } from './ids';
import type { AnnotationRecord, CommentRecord, CommentUser } from './schemas';

/**
 * The transaction items of comment writes, for the services to combine with each change's event
 * and activity items into one TransactWriteItems (run by the repository's `commit`). Every key
 * comes from `shared/db/keys.ts`; conditions say what a cancellation means.
 */

type Item = Record<string, unknown>;

/** The key under which a comment stores one user's reaction with one icon. */
export const reactionKey = (icon: string, userId: string) => JSON.stringify([icon, userId]);

function annotationItem(apiKey: string, annotation: AnnotationRecord): Item {
  const key = keys.commentAnnotation(
    apiKey,
    annotation.organizationId,
    annotation.documentId,
    annotation.annotationId,
  );
  return {
    ...key,
    ...keys.commentAnnotationListing(apiKey, annotation, key.sk),
    // Lists the document's comment partition under its organization, for the deletion cascade.
    ...keys.commentsOrganizationListing(apiKey, annotation.organizationId, annotation.documentId),
    entity: entities.commentAnnotation.name,
    ...annotation,
  };
}

function commentItem(apiKey: string, ref: AnnotationRef, comment: CommentRecord): Item {
  const key = keys.comment(apiKey, ref, comment.commentId);
  return {
    ...key,
    ...keys.commentAnnotationListing(apiKey, ref, key.sk),
    ...keys.userDataListing(
      apiKey,
      comment.from.userId,
      ref.organizationId,
      'comment',
      ref.annotationId,
      comment.commentId,
    ),
    entity: entities.comment.name,
    // Where the comment is, for users/data/get (its keys are never parsed).
    organizationId: ref.organizationId,
    documentId: ref.documentId,
    ...comment,
  };
}

/** Transaction item creating an annotation; cancelled (`ConditionalCheckFailed`) when the id is taken. */
export function annotationCreate(apiKey: string, annotation: AnnotationRecord): TransactItem {
  return {
    Put: inTable({
      Item: annotationItem(apiKey, annotation),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  };
}

/** Transaction item creating a comment; cancelled when a comment of that id exists in the annotation. */
export function commentCreate(apiKey: string, ref: AnnotationRef, comment: CommentRecord): TransactItem {
  return {
    Put: inTable({
      Item: commentItem(apiKey, ref, comment),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  };
}

/** The part of a thread's Update that moves its read state (`commentReadChange` in ./read-state.ts). */
export interface ReadStateChange {
  set: string[];
  remove: string[];
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * Transaction item recording new commenters on an existing annotation (its participants), the time
 * and what the comments do to its read state (`read`); cancelled when the annotation does not exist
 * or its read state changed since it was read. Leaves `version` alone: replies never race status changes.
 */
export function annotationTouch(
  apiKey: string,
  ref: AnnotationRef,
  commenters: readonly CommentUser[],
  now: number,
  read: ReadStateChange,
) {
  const unique = [...new Map(commenters.map((user) => [user.userId, user])).values()];
  const names = Object.fromEntries(unique.map((user, index) => [`#u${index}`, user.userId]));
  const values = Object.fromEntries(unique.map((user, index) => [`:u${index}`, user]));
  const assignments = unique.map((_, index) => `participants.#u${index} = :u${index}`);
  const removal = read.remove.length > 0 ? ` REMOVE ${read.remove.join(', ')}` : '';
  return {
    Update: inTable({
      Key: keys.commentAnnotation(apiKey, ref.organizationId, ref.documentId, ref.annotationId),
      UpdateExpression: `SET ${['lastUpdated = :now', ...assignments, ...read.set].join(', ')}${removal}`,
      ConditionExpression: `attribute_exists(pk) AND ${read.condition}`,
      ExpressionAttributeNames: { ...names, ...read.names },
      ExpressionAttributeValues: { ':now': now, ...values, ...read.values },
    }),
  } satisfies TransactItem;
}

/**
 * Transaction item changing an annotation's own fields (null removes one) under optimistic concurrency:
 * cancelled unless the annotation is still at `version`.
 */
export function annotationChange(
  apiKey: string,
  ref: AnnotationRef,
  fields: Partial<Record<'status' | 'priority' | 'assignedTo' | 'suggestionDecision', unknown>>,
  version: number,
  now: number,
): TransactItem {
  const present = Object.entries(fields).filter(([, value]) => value !== undefined);
  const set = setAssignments(Object.fromEntries(present.filter(([, value]) => value !== null)));
  const removed = present.filter(([, value]) => value === null).map(([name]) => name);
  const removeNames = Object.fromEntries(removed.map((name, index) => [`#r${index}`, name]));
  const setClause = ['lastUpdated = :now', 'version = :next', ...(set.assignments ? [set.assignments] : [])];
  const removeClause = removed.length > 0 ? ` REMOVE ${Object.keys(removeNames).join(', ')}` : '';
  return {
    Update: inTable({
      Key: keys.commentAnnotation(apiKey, ref.organizationId, ref.documentId, ref.annotationId),
      UpdateExpression: `SET ${setClause.join(', ')}${removeClause}`,
      ConditionExpression: 'version = :version',
      ExpressionAttributeNames: { ...set.names, ...removeNames },
      ExpressionAttributeValues: { ':now': now, ':next': version + 1, ':version': version, ...set.values },
    }),
  };
}

/** Transaction item changing a comment's text, cancelled unless the comment is still at `version`. */
export function commentChange(
  apiKey: string,
  ref: AnnotationRef,
  commentId: string,
  fields: { commentText?: string; commentHtml?: string },
  version: number,
  now: number,
): TransactItem {
  const set = setAssignments(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
  return {
    Update: inTable({
      Key: keys.comment(apiKey, ref, commentId),
      UpdateExpression: `SET lastUpdated = :now, version = :next, ${set.assignments}`,
      ConditionExpression: 'version = :version',
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: { ':now': now, ':next': version + 1, ':version': version, ...set.values },
    }),
  };
}

/** Transaction item deleting a comment; cancelled when it is already gone. */
export function commentDelete(apiKey: string, ref: AnnotationRef, commentId: string): TransactItem {
  return {
    Delete: inTable({
      Key: keys.comment(apiKey, ref, commentId),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  };
}

/** Transaction items deleting comments unconditionally (an annotation's delete takes whatever is there). */
export const commentRemovals = (
  apiKey: string,
  ref: AnnotationRef,
  commentIds: readonly string[],
): TransactItem[] => commentIds.map((id) => ({ Delete: inTable({ Key: keys.comment(apiKey, ref, id) }) }));

/** A reaction's index item (gsi8: the reacting user's data), beside the comment's reaction map. */
export function reactionIndexItem(
  apiKey: string,
  ref: AnnotationRef,
  commentId: string,
  reaction: { icon: string; userId: string },
  createdAt: number,
): Item {
  return {
    ...keys.commentReaction(apiKey, ref, commentId, reaction.icon, reaction.userId),
    ...keys.userDataListing(
      apiKey,
      reaction.userId,
      ref.organizationId,
      'reaction',
      ref.annotationId,
      commentId,
      reaction.icon,
    ),
    entity: entities.commentReaction.name,
    organizationId: ref.organizationId,
    documentId: ref.documentId,
    annotationId: ref.annotationId,
    commentId,
    icon: reaction.icon,
    userId: reaction.userId,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Transaction items adding one user's reaction (cancelled when the comment is gone or the user
 * already reacted with the icon) or removing it (`stored` undefined; cancelled when absent), each
 * with the reaction's index item (gsi8: the user's data) put or deleted in the same transaction.
 */
export function reactionChange(
  apiKey: string,
  ref: AnnotationRef,
  commentId: string,
  reaction: { icon: string; userId: string },
  stored: { icon: string; user: CommentUser; createdAt: number } | undefined,
): TransactItem[] {
  const Key = keys.comment(apiKey, ref, commentId);
  const ExpressionAttributeNames = { '#reaction': reactionKey(reaction.icon, reaction.userId) };
  const indexKey = keys.commentReaction(apiKey, ref, commentId, reaction.icon, reaction.userId);
  if (stored === undefined) {
    return [
      {
        Update: inTable({
          Key,
          UpdateExpression: 'REMOVE reactions.#reaction',
          ConditionExpression: 'attribute_exists(reactions.#reaction)',
          ExpressionAttributeNames,
        }),
      },
      { Delete: inTable({ Key: indexKey }) },
    ];
  }
  const indexItem = reactionIndexItem(apiKey, ref, commentId, reaction, stored.createdAt);
  return [
    {
      Update: inTable({
        Key,
        UpdateExpression: 'SET reactions.#reaction = :reaction',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reactions.#reaction)',
        ExpressionAttributeNames,
        ExpressionAttributeValues: { ':reaction': stored },
      }),
    },
    { Put: inTable({ Item: indexItem }) },
  ];
}
