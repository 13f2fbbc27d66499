import { nowMs } from '../core/clock';
import { transactionLimit } from '../db/batch';
import { prefetchable } from '../http/prefetchable';
import { getActivityConfig } from '../settings/service';
import { accessIfVerified, refusal } from './access-checks';
import { type CommentChange, effectItems } from './effects';
import { apiActor } from './ids';
import { removeThread } from './read-repository';
import { deleteCommentItems, findAnnotationWithComments, storedCommentIds } from './repository';
import type { DeleteAnnotations } from './schemas';
import { commentRemovals } from './write-items';

/** The document whose annotations a delete names. */
const documentScope = (input: DeleteAnnotations) => ({
  organizationId: input.organizationId,
  documentId: input.documentId,
});

/**
 * What commentannotations.delete reads first: the activity config and each named annotation with its
 * comments (one GetItem, one consistent Query per id, in parallel; `undefined` for a missing annotation,
 * in the order of the unique ids). Needs only the API key and the input, so it is the route's
 * `prefetch` and travels with the auth read (decisions §43).
 */
export const readAnnotationsDelete = (apiKey: string, input: DeleteAnnotations) =>
  Promise.all([
    getActivityConfig(apiKey),
    Promise.all(
      [...new Set(input.annotationIds)].map(async (annotationId) => ({
        annotationId,
        withComments: await findAnnotationWithComments(apiKey, { ...documentScope(input), annotationId }),
      })),
    ),
  ]);

/**
 * commentannotations/delete: per id, the annotation's comments and its own item with its
 * `comment_annotation.delete` event (and activity) and its counts (the document's, its readers') in
 * one transaction; an annotation with more comments than a transaction holds has its comments
 * deleted first (in transactions of 100), and one with more readers has readers taken off first, so
 * a delete cut short leaves the annotation in place, to be deleted again. A thread whose status or
 * readers changed since it was read is read again. Then any reply that landed after the read
 * (one more Query). Missing ids fail per item. `reads` is `readAnnotationsDelete`.
 */
export const deleteAnnotations = /* @__PURE__ */ prefetchable(
  readAnnotationsDelete,
  async (caller, input, reads) => {
    const { apiKey } = caller;
    const now = nowMs();
    const actionUser = input.actionUser ?? apiActor;
    const [[config, annotations], access] = await Promise.all([
      reads,
      accessIfVerified(caller, input, [input.actionUser], now),
    ]);
    const denied = refusal(access, [input.actionUser]);
    const deleteOne = async ({ annotationId, withComments }: (typeof annotations)[number]) => {
      if (denied)
        return [annotationId, { success: false, message: denied, status: 'PERMISSION_DENIED' }] as const;
      const ref = { ...documentScope(input), annotationId };
      const missing = { success: false, message: `Annotation ${annotationId} does not exist.` };
      if (!withComments) return [annotationId, missing] as const;
      const change: CommentChange = {
        event: 'comment_annotation.delete',
        annotation: withComments.annotation,
        actionUser,
      };
      const effects = await effectItems(apiKey, config, [change], now);
      const commentIds = withComments.comments.map((comment) => comment.commentId);
      // Beside the thread's Delete and its document's counter (readers that do not fit go first).
      const together = commentIds.length + effects.length + 2 <= transactionLimit;
      if (!together) await deleteCommentItems(apiKey, ref, commentIds);
      const removed = await removeThread(apiKey, ref, withComments.annotation, [
        ...(together ? commentRemovals(apiKey, ref, commentIds) : []),
        ...effects,
      ]);
      if (!removed) return [annotationId, missing] as const;
      // A reply that committed after the comments were read is under the annotation still; later replies
      // find no annotation and fail.
      await deleteCommentItems(apiKey, ref, await storedCommentIds(apiKey, ref));
      return [annotationId, { success: true, message: 'Annotation deleted.' }] as const;
    };
    return Object.fromEntries(await Promise.all(annotations.map(deleteOne)));
  },
);
