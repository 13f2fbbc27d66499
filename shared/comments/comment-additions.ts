import { type TransactItem, transactionLimit } from '../db/batch';
import type { ApiKeyCaller } from '../http/caller';
import { digestOpeningOf } from '../notifications/digest-repository';
import {
  preferencesOfScope,
  preferencesOfUsers,
  type ScopePreferences,
} from '../notifications/preference-repository';
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
 * (those that fit; the others are sent right after), to the recipients whose inbox preference
 * (`preferences`) lets them in, opening their digest windows while the caller's digests are on.
 * Returns the cancellation reasons of a refused transaction, whose first items are the caller's
 * `items` in order.
 */
export async function commitComments(
  caller: ApiKeyCaller,
  annotation: AnnotationRecord,
  comments: readonly CommentRecord[],
  inputs: readonly CommentDataInput[],
  now: number,
  items: readonly TransactItem[],
  preferences: ScopePreferences,
): Promise<string[] | undefined> {
  const notifications = planNotifications(
    caller.apiKey,
    annotation,
    comments,
    inputs,
    now,
    transactionLimit - items.length,
    preferences,
    digestOpeningOf(caller),
  );
  const refused = await commit([...items, ...notifications.items]);
  if (!refused) await notifications.sendRest();
  return refused;
}

/** No stored preferences, for writes that notify nobody (no read made). */
export const noPreferences = (): Promise<ScopePreferences> =>
  Promise.resolve({ organization: new Map(), document: new Map() });

/**
 * The stored notification preferences the notifications of comments added to an existing thread may
 * need: every user's of the organization and the document (two Queries), as the stored assignee is
 * not known before the thread is read; read beside the thread, so no serial round trip is added.
 */
export const readThreadPreferences = (apiKey: string, organizationId: string, documentId: string) =>
  preferencesOfScope(apiKey, organizationId, documentId);

/**
 * The stored notification preferences of the users new threads would notify (every tagged user and
 * assignee is in the input): one BatchGetItem per 50 users, beside the route's first reads.
 */
export function readNewThreadPreferences(
  apiKey: string,
  organizationId: string,
  documentId: string,
  threads: readonly {
    assignedTo?: { userId: string } | undefined;
    commentData: readonly CommentDataInput[];
  }[],
) {
  const users = new Set(
    threads.flatMap((thread) => [
      ...(thread.assignedTo ? [thread.assignedTo.userId] : []),
      ...thread.commentData
        .filter((comment) => comment.triggerNotification)
        .flatMap((comment) => (comment.taggedUserContacts ?? []).map((tag) => tag.userId)),
    ]),
  );
  if (users.size === 0) return noPreferences();
  return preferencesOfUsers(apiKey, organizationId, documentId, [...users]);
}
