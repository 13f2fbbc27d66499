import { nowMs } from '../core/clock';
import { ApiError, alreadyExists } from '../core/errors';
import { transactionLimit } from '../db/batch';
import { conflict, rereadRetry, retryOnConflict } from '../db/retry';
import type { ApiKeyCaller } from '../http/caller';
import { getActivityConfig } from '../settings/service';
import { accessIfVerified, assertMayWrite, refusal } from './access-checks';
import {
  commentAdditions,
  commitComments,
  newComment,
  noPreferences,
  readThreadPreferences,
} from './comment-additions';
import { type CommentChange, effectItems } from './effects';
import type { AnnotationRef } from './ids';
import { apiActor, refOf } from './ids';
import { annotationMissing, commentMissing } from './not-found';
import { fitReaders } from './read-repository';
import { commentReadChange } from './read-state';
import { commit, findAnnotation, findAnnotationParts } from './repository';
import type {
  AddComments,
  AnnotationRecord,
  CommentUser,
  DeleteComments,
  ReactionInput,
  UpdateComment,
} from './schemas';
import { annotationTouch, commentChange, commentCreate, commentDelete, reactionChange } from './write-items';

/**
 * What every write on an existing annotation reads first: the activity config and the annotation's item with
 * the comments `commentIds` names (one GetItem and one BatchGet, in parallel). Needs only the API key
 * and the input, so it is the routes' `prefetch` and travels with the auth read (decisions §43).
 */
export const readAnnotationWrite = (apiKey: string, ref: AnnotationRef, commentIds: readonly string[]) =>
  Promise.all([getActivityConfig(apiKey), findAnnotationParts(apiKey, refOf(ref), [...new Set(commentIds)])]);

/**
 * What commentannotations.comments.add reads first: `readAnnotationWrite` of the thread and, in
 * parallel, when a comment asks for a notification, the preferences it may need
 * (`readThreadPreferences`): the route's `prefetch`, so preferences add no serial round trip.
 */
export const readCommentsAdd = (apiKey: string, input: AddComments) =>
  Promise.all([
    readAnnotationWrite(apiKey, input, []),
    input.commentData.some((comment) => comment.triggerNotification)
      ? readThreadPreferences(apiKey, input.organizationId, input.documentId)
      : noPreferences(),
  ]);

/** The result of `readAnnotationWrite`. */
export type AnnotationWriteReads = Awaited<ReturnType<typeof readAnnotationWrite>>;

/** The prefetched reads with the access check that needs the authenticated caller (when verifying). */
function prepare(
  caller: ApiKeyCaller,
  input: Parameters<typeof accessIfVerified>[1],
  users: Parameters<typeof accessIfVerified>[2],
  now: number,
  reads: Promise<AnnotationWriteReads>,
) {
  return Promise.all([reads, accessIfVerified(caller, input, users, now)]);
}

/**
 * commentannotations/comments/add: the comments, their `comment.add` events and activity records,
 * the annotation's participants and its read state (every reader but the last comment's author
 * loses the read, that author has read it: counters in step) in ONE transaction, conditioned on the
 * read state as read. Two replies racing both land: conflicting transactions are retried, and a
 * reply that finds the read state changed reads the annotation again. Readers that do not fit the
 * transaction are taken off first. NOT_FOUND without the annotation, ALREADY_EXISTS for a taken
 * comment id. `reads` is `readCommentsAdd` of the annotation.
 */
export async function addComments(
  caller: ApiKeyCaller,
  input: AddComments,
  reads: ReturnType<typeof readCommentsAdd> = readCommentsAdd(caller.apiKey, input),
): Promise<string[]> {
  const { apiKey } = caller;
  const ref = refOf(input);
  const now = nowMs();
  const writers = input.commentData.map((comment) => comment.from);
  const annotationReads = reads.then(([annotationRead]) => annotationRead);
  const [[[config, parts], access], [, preferences]] = await Promise.all([
    prepare(caller, input, writers, now, annotationReads),
    reads,
  ]);
  assertMayWrite(access, writers);
  const comments = input.commentData.map((data, index) => newComment(ref.annotationId, data, now + index));
  const author = comments.at(-1)!.from.userId;
  const attempt = async (index: number) => {
    const read = index === 0 ? parts.annotation : await findAnnotation(apiKey, ref);
    if (!read) throw annotationMissing(ref);
    const effects = await effectItems(
      apiKey,
      config,
      commentAdditions(withWriters(read, writers, now), comments, input.commentData, false),
      now,
    );
    // The thread's Update, the comments, their effects and the author's read; readers that do not fit go first.
    const room = transactionLimit - (1 + comments.length + effects.length + 1);
    const fitted = await fitReaders(apiKey, read, room, now, author);
    if (fitted === conflict) return conflict;
    const readChange = commentReadChange(apiKey, fitted, author, comments.length, now);
    const refused = await commitComments(
      caller,
      withWriters(fitted, writers, now),
      comments,
      input.commentData,
      now,
      [
        annotationTouch(apiKey, ref, writers, now, readChange),
        ...comments.map((comment) => commentCreate(apiKey, ref, comment)),
        ...effects,
        ...readChange.counters,
      ],
      preferences,
    );
    if (!refused) return comments.map((comment) => comment.commentId);
    // Gone, or its read state changed since it was read: read it again.
    if (refused[0] === 'ConditionalCheckFailed') return conflict;
    const taken = comments.filter((_, index) => refused[index + 1] === 'ConditionalCheckFailed');
    throw alreadyExists(`Comment ${taken.map((comment) => comment.commentId).join(', ')} already exists.`);
  };
  return retryOnConflict(rereadRetry, attempt, () => {
    throw new ApiError('ABORTED', 'The thread is being changed concurrently; retry.');
  });
}

/** The annotation with the comments' writers among its participants, as the reply leaves it. */
const withWriters = (annotation: AnnotationRecord, writers: readonly CommentUser[], now: number) => ({
  ...annotation,
  participants: {
    ...annotation.participants,
    ...Object.fromEntries(writers.map((user) => [user.userId, user])),
  },
  lastUpdated: now,
});

/**
 * commentannotations/comments/update: new text and/or HTML with its `comment.update` event and
 * activity (`changes` of the fields that differ) in one transaction under the comment's version;
 * a concurrent update makes it re-read. Unchanged text writes nothing. `reads` is `readAnnotationWrite`
 * of the annotation and the comment (the first attempt's read).
 */
export async function updateComment(
  caller: ApiKeyCaller,
  input: UpdateComment,
  reads: Promise<AnnotationWriteReads> = readAnnotationWrite(caller.apiKey, input, [input.commentId]),
): Promise<void> {
  const { apiKey } = caller;
  const ref = refOf(input);
  const now = nowMs();
  const [[config, firstParts], access] = await prepare(caller, input, [input.actionUser], now, reads);
  assertMayWrite(access, [input.actionUser]);
  const attempt = async (index: number) => {
    const parts = index === 0 ? firstParts : await findAnnotationParts(apiKey, ref, [input.commentId]);
    if (!parts.annotation) throw annotationMissing(ref);
    const comment = parts.comments.get(input.commentId);
    if (!comment) throw commentMissing(ref, input.commentId);
    const fields = { commentText: input.commentText, commentHtml: input.commentHtml };
    const changes = Object.fromEntries(
      (Object.keys(fields) as (keyof typeof fields)[])
        .filter((field) => fields[field] !== undefined && fields[field] !== comment[field])
        .map((field) => [field, { from: comment[field] ?? null, to: fields[field] }]),
    );
    if (Object.keys(changes).length === 0) return;
    const updated = {
      ...comment,
      ...(Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.to])) as typeof fields),
      lastUpdated: now,
    };
    const change: CommentChange = {
      event: 'comment.update',
      annotation: parts.annotation,
      comment: updated,
      actionUser: input.actionUser,
      agent: input.agent ?? comment.agent,
      changes,
      recordActivity: input.triggerActivities,
    };
    const refused = await commit([
      commentChange(apiKey, ref, comment.commentId, fields, comment.version, now),
      ...(await effectItems(apiKey, config, [change], now)),
    ]);
    return refused ? conflict : undefined;
  };
  return retryOnConflict(rereadRetry, attempt, () => {
    throw new ApiError('ABORTED', 'The comment is being changed concurrently; retry.');
  });
}

/**
 * commentannotations/comments/delete: the existing comments with their `comment.delete` events (and
 * activities) in one transaction; ids that do not exist fail per item. NOT_FOUND without the
 * annotation. One BatchGet (annotation and comments) and the config (`reads`: `readAnnotationWrite` of the
 * annotation and `commentIds`), then one TransactWriteItems; a comment deleted concurrently makes it re-read.
 */
export async function deleteComments(
  caller: ApiKeyCaller,
  input: DeleteComments,
  reads: Promise<AnnotationWriteReads> = readAnnotationWrite(caller.apiKey, input, input.commentIds),
) {
  const { apiKey } = caller;
  const ref = refOf(input);
  const now = nowMs();
  const actionUser = input.actionUser ?? apiActor;
  const [[config, firstParts], access] = await prepare(caller, input, [input.actionUser], now, reads);
  const denied = refusal(access, [input.actionUser]);
  const ids = [...new Set(input.commentIds)];
  if (denied) {
    return Object.fromEntries(
      ids.map((id) => [id, { success: false, message: denied, status: 'PERMISSION_DENIED' }]),
    );
  }
  const attempt = async (index: number) => {
    const parts = index === 0 ? firstParts : await findAnnotationParts(apiKey, ref, ids);
    if (!parts.annotation) throw annotationMissing(ref);
    const annotation = parts.annotation;
    const found = ids.flatMap((id) => (parts.comments.has(id) ? [parts.comments.get(id)!] : []));
    const changes = found.map(
      (comment): CommentChange => ({ event: 'comment.delete', annotation, comment, actionUser }),
    );
    const refused =
      found.length === 0
        ? undefined
        : await commit([
            ...found.map((comment) => commentDelete(apiKey, ref, comment.commentId)),
            ...(await effectItems(apiKey, config, changes, now)),
          ]);
    if (refused) return conflict;
    return Object.fromEntries(
      ids.map((id) => [
        id,
        parts.comments.has(id)
          ? { success: true, message: 'Comment deleted.' }
          : { success: false, message: `Comment ${id} does not exist.` },
      ]),
    );
  };
  return retryOnConflict(rereadRetry, attempt, () => {
    throw new ApiError('ABORTED', 'The comments are being changed concurrently; retry.');
  });
}

/**
 * commentannotations/reactions/add and /delete: one user's reaction with one icon on a comment,
 * with its `comment.reaction_add|_delete` event (and `reaction` activity) in one transaction.
 * Adding a reaction the user already made changes nothing (no event); deleting one that does not
 * exist is NOT_FOUND. One BatchGet (annotation and comment) and the config (`reads`: `readAnnotationWrite`
 * of the annotation and the comment), then one TransactWriteItems.
 */
export async function changeReaction(
  caller: ApiKeyCaller,
  input: ReactionInput,
  action: 'add' | 'delete',
  reads: Promise<AnnotationWriteReads> = readAnnotationWrite(caller.apiKey, input, [input.commentId]),
) {
  const { apiKey } = caller;
  const ref = refOf(input);
  const now = nowMs();
  const [[config, parts], access] = await prepare(caller, input, [input.actionUser], now, reads);
  assertMayWrite(access, [input.actionUser]);
  if (!parts.annotation) throw annotationMissing(ref);
  const comment = parts.comments.get(input.commentId);
  if (!comment) throw commentMissing(ref, input.commentId);
  const reaction = { icon: input.icon, userId: input.actionUser.userId };
  const stored = action === 'add' ? { icon: input.icon, user: input.actionUser, createdAt: now } : undefined;
  const change: CommentChange = {
    event: action === 'add' ? 'comment.reaction_add' : 'comment.reaction_delete',
    annotation: parts.annotation,
    comment,
    actionUser: input.actionUser,
    agent: input.agent,
    icon: input.icon,
  };
  const refused = await commit([
    ...reactionChange(apiKey, ref, comment.commentId, reaction, stored),
    ...(await effectItems(apiKey, config, [change], now)),
  ]);
  if (!refused || action === 'add') return;
  throw new ApiError(
    'NOT_FOUND',
    `User ${input.actionUser.userId} has no ${input.icon} reaction on comment ${comment.commentId}.`,
  );
}
