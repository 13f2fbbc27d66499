import { transactionLimit } from '../db/batch';
import type { ApiKeyCaller } from '../http/caller';
import { nowMs } from '../http/common-schemas';
import { getActivityConfig } from '../settings/service';
import { type CommentChange, effectItems } from './effects';
import { commit, deleteCommentItems, findThread, storedCommentIds } from './repository';
import type { DeleteAnnotations } from './schemas';
import { accessIfVerified, apiActor, refusal } from './comment-additions';
import { commentRemovals, threadDelete } from './write-items';

/** The document whose threads a delete names. */
const threadScope = (input: DeleteAnnotations) => ({
  organizationId: input.organizationId,
  documentId: input.documentId,
});

/**
 * What commentannotations.delete reads first: the activity config and each named thread with its
 * comments (one GetItem, one consistent Query per id, in parallel; `undefined` for a missing thread,
 * in the order of the unique ids). Needs only the API key and the input, so it is the route's
 * `prefetch` and travels with the auth read (decisions §43).
 */
export const readAnnotationsDelete = (apiKey: string, input: DeleteAnnotations) =>
  Promise.all([
    getActivityConfig(apiKey),
    Promise.all(
      [...new Set(input.annotationIds)].map(async (annotationId) => ({
        annotationId,
        thread: await findThread(apiKey, { ...threadScope(input), annotationId }),
      })),
    ),
  ]);

/**
 * commentannotations/delete: per id, the thread's comments and its own item with its
 * `comment_annotation.delete` event (and activity) in one transaction; a thread with more comments
 * than a transaction holds has its comments deleted first (in transactions of 100), so a delete cut
 * short leaves the thread in place, to be deleted again. Then any reply that landed after the read
 * (one more Query). Missing ids fail per item. `reads` is `readAnnotationsDelete`.
 */
export async function deleteAnnotations(
  caller: ApiKeyCaller,
  input: DeleteAnnotations,
  reads: ReturnType<typeof readAnnotationsDelete> = readAnnotationsDelete(caller.apiKey, input),
) {
  const { apiKey } = caller;
  const now = nowMs();
  const actionUser = input.actionUser ?? apiActor;
  const [[config, threads], access] = await Promise.all([
    reads,
    accessIfVerified(caller, input, [input.actionUser], now),
  ]);
  const denied = refusal(access, [input.actionUser]);
  const deleteOne = async ({ annotationId, thread }: (typeof threads)[number]) => {
    if (denied)
      return [annotationId, { success: false, message: denied, status: 'PERMISSION_DENIED' }] as const;
    const ref = { ...threadScope(input), annotationId };
    const missing = { success: false, message: `Annotation ${annotationId} does not exist.` };
    if (!thread) return [annotationId, missing] as const;
    const change: CommentChange = {
      event: 'comment_annotation.delete',
      annotation: thread.annotation,
      actionUser,
    };
    const threadItems = [threadDelete(apiKey, ref), ...(await effectItems(apiKey, config, [change], now))];
    const commentIds = thread.comments.map((comment) => comment.commentId);
    const together = commentIds.length + threadItems.length <= transactionLimit;
    if (!together) await deleteCommentItems(apiKey, ref, commentIds);
    const refused = await commit(
      together ? [...commentRemovals(apiKey, ref, commentIds), ...threadItems] : threadItems,
    );
    if (refused) return [annotationId, missing] as const;
    // A reply that committed after the comments were read is under the thread still; later replies
    // find no thread and fail.
    await deleteCommentItems(apiKey, ref, await storedCommentIds(apiKey, ref));
    return [annotationId, { success: true, message: 'Annotation deleted.' }] as const;
  };
  return Object.fromEntries(await Promise.all(threads.map(deleteOne)));
}
