import { randomBytes } from 'node:crypto';
import { canWrite, type DocumentAccess, documentAccess, writeRefusal } from '../access/document-access';
import { type TransactItem, transactionLimit } from '../db/batch';
import type { ApiKeyCaller } from '../http/caller';
import { notFound, permissionDenied } from '../http/errors';
import type { CommentChange } from './effects';
import { planNotifications } from './notify';
import { commit, type ThreadRef } from './repository';
import type { AnnotationRecord, CommentDataInput, CommentRecord, CommentUser, Thread } from './schemas';

/**
 * Service-chosen ids: the time in base 36 (fixed width) then 48 random bits, so generated
 * annotation ids list in creation order and never contain `:`.
 */
export function generateId(now: number): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

export const refOf = (input: ThreadRef): ThreadRef => ({
  organizationId: input.organizationId,
  documentId: input.documentId,
  annotationId: input.annotationId,
});

export const threadMissing = (ref: ThreadRef) =>
  notFound(`Annotation ${ref.annotationId} does not exist in document ${ref.documentId}.`);

export const commentMissing = (ref: ThreadRef, commentId: string) =>
  notFound(`Comment ${commentId} does not exist in annotation ${ref.annotationId}.`);

/**
 * With `verifyUserPermissions`, the document-access entries of the acting users (access resolver
 * or permission provider); undefined when not asked to verify.
 */
export async function accessIfVerified(
  caller: ApiKeyCaller,
  input: { verifyUserPermissions: boolean; organizationId: string; documentId: string },
  users: readonly (CommentUser | undefined)[],
  now: number,
): Promise<DocumentAccess | undefined> {
  if (!input.verifyUserPermissions) return undefined;
  const ids = users.filter((user): user is CommentUser => user !== undefined).map((user) => user.userId);
  return documentAccess(caller, input, ids, now);
}

/** The first of `users` that may not write, with the reason; undefined when all may (or nothing is verified). */
export function refusal(access: DocumentAccess | undefined, users: readonly (CommentUser | undefined)[]) {
  if (!access) return undefined;
  for (const user of users) {
    if (user && !canWrite(access.get(user.userId))) return writeRefusal(user.userId, access.get(user.userId));
  }
  return undefined;
}

/** Throws PERMISSION_DENIED when one of `users` may not write (single-item operations). */
export function assertMayWrite(
  access: DocumentAccess | undefined,
  users: readonly (CommentUser | undefined)[],
) {
  const reason = refusal(access, users);
  if (reason) throw permissionDenied(reason);
}

/** A comment as returned: reactions as a list, oldest first; no bookkeeping fields. */
export function toComment(comment: CommentRecord) {
  const { reactions, version: _version, ...fields } = comment;
  return {
    ...fields,
    reactions: Object.values(reactions)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((reaction) => ({ icon: reaction.icon, user: reaction.user, createdAt: reaction.createdAt })),
  };
}

/** An annotation as returned, without bookkeeping (`participants`, `version`). */
export function toAnnotation(annotation: AnnotationRecord) {
  const { participants: _participants, version: _version, ...fields } = annotation;
  return fields;
}

/** A thread as returned: the annotation with its comments, oldest first. */
export const toThread = (thread: Thread) => ({
  ...toAnnotation(thread.annotation),
  comments: thread.comments.map(toComment),
});

/** The acting user of a delete that names none (the contract's deletes carry no user). */
export const apiActor: CommentUser = { userId: 'api', name: 'API' };

/** A new comment record; `createdAt` orders a thread's comments. */
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

/** The changes of comments added to a thread: the first of a new thread is `comment_annotation.add`. */
export function commentAdditions(
  annotation: AnnotationRecord,
  comments: readonly CommentRecord[],
  inputs: readonly CommentDataInput[],
  newThread: boolean,
): CommentChange[] {
  return comments.map((comment, index) => ({
    event: newThread && index === 0 ? 'comment_annotation.add' : 'comment.add',
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
