import { nowMs } from '../core/clock';
import { conflict, rereadRetry, retryOnConflict } from '../db/retry';
import { prefetchable } from '../http/prefetchable';
import { isFenced } from '../plugins/fence';
import { findThreads, readThreadCounts } from './read-repository';
import type { CountThreads, UpdateReadState } from './read-schemas';
import { readMark } from './read-state';
import { commit, findAnnotation } from './repository';

/**
 * What commentannotations.count reads: the documents' thread counters and the user's read counters
 * (`readThreadCounts`: one round trip). Needs only the API key and the input, so it is the route's
 * `prefetch` and travels with the auth read (decisions §43).
 */
export const readCounts = (apiKey: string, input: CountThreads) =>
  readThreadCounts(apiKey, input.organizationId, [...new Set(input.documentIds)], input.userId);

/**
 * commentannotations/count: per document its threads (`total`), those not `resolved` or `closed`
 * (`open`) and, with `userId`, those with a comment the user has not read (`unread`: the threads
 * less those the user has read up to their newest comment). A document being erased counts nothing.
 */
export const countThreads = /* @__PURE__ */ prefetchable(readCounts, async (caller, input, read) => {
  const counts = await read;
  return Object.fromEntries(
    [...counts].map(([documentId, { total, open, threadsRead }]) => {
      if (isFenced(caller, input.organizationId, documentId))
        return [documentId, { total: 0, open: 0, ...(threadsRead !== undefined && { unread: 0 }) }];
      // The two counters are read together but not as one snapshot: a write in flight between
      // them can show for a moment on one side only.
      const unread =
        threadsRead === undefined ? {} : { unread: Math.min(total, Math.max(0, total - threadsRead)) };
      return [documentId, { total, open, ...unread }];
    }),
  );
});

/**
 * What commentannotations.read.update reads first: the named threads' own items (one consistent
 * BatchGetItem). Needs only the API key and the input, so it is the route's `prefetch`.
 */
export const readThreadsToMark = (apiKey: string, input: UpdateReadState) =>
  findThreads(apiKey, input, [...new Set(input.annotationIds)]);

/**
 * commentannotations/read/update: marks threads read (up to their newest comment) or unread for
 * one user, each with the user's count in one transaction, all in parallel. A thread already so
 * writes nothing; an unknown one fails per item; one that changed since it was read (a new
 * comment) is read again and marked as it is now.
 */
export const updateReadState = /* @__PURE__ */ prefetchable(
  readThreadsToMark,
  async (caller, input, read) => {
    const threads = await read;
    const mark = (annotationId: string) => {
      const ref = { organizationId: input.organizationId, documentId: input.documentId, annotationId };
      return retryOnConflict(
        rereadRetry,
        async (index) => {
          const annotation =
            index === 0 ? threads.get(annotationId) : await findAnnotation(caller.apiKey, ref);
          if (!annotation) return { success: false, message: `Annotation ${annotationId} does not exist.` };
          const items = readMark(caller.apiKey, ref, annotation, input.userId, input.read, nowMs());
          if (items.length > 0 && (await commit(items))) return conflict;
          return { success: true, message: input.read ? 'Thread marked read.' : 'Thread marked unread.' };
        },
        () => ({
          success: false,
          message: `Annotation ${annotationId} is being changed concurrently; retry.`,
          status: 'ABORTED',
        }),
      );
    };
    const ids = [...new Set(input.annotationIds)];
    const results = await Promise.all(ids.map(mark));
    return Object.fromEntries(ids.map((id, index) => [id, results[index]!]));
  },
);
