import { nowMs } from '../core/clock';
import { ApiError, failedPrecondition } from '../core/errors';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { conflict, rereadRetry, retryOnConflict } from '../db/retry';
import { prefetchable } from '../http/prefetchable';
import { findResources } from '../organizations/repository';
import { ensureDocumentTarget } from '../organizations/targets';
import { isFenced } from '../plugins/fence';
import { getActivityConfig } from '../settings/service';
import { accessIfVerified, assertMayWrite, refusal } from './access-checks';
import { commentAdditions, commitComments, newComment, readNewThreadPreferences } from './comment-additions';
import { type CommentChange, effectItems } from './effects';
import { generateId, refOf } from './ids';
import { annotationMissing } from './not-found';
import { newThreadCounts, newThreadReadState, openCount, threadCountChange } from './read-state';
import {
  annotationPage,
  commit,
  findAnnotation,
  findAnnotationsById,
  findDocumentAnnotations,
} from './repository';
import type {
  AddAnnotations,
  AnnotationRecord,
  AnnotationWithComments,
  GetAnnotations,
  NewAnnotation,
  UpdateAnnotation,
} from './schemas';
import { annotationView, annotationWithCommentsView } from './views';
import { annotationChange, annotationCreate, commentCreate } from './write-items';

/**
 * What commentannotations.add reads first: the activity config, the organization with the
 * document and the notified users' preferences (one GetItem and two BatchGets, in parallel). Needs only the API key and the input, so it
 * is the route's `prefetch` and travels with the auth read (decisions §43).
 */
export const readAnnotationsAdd = (apiKey: string, input: AddAnnotations) =>
  Promise.all([
    getActivityConfig(apiKey),
    findResources(apiKey, input.organizationId, { documentIds: [input.documentId] }),
    readNewThreadPreferences(apiKey, input.organizationId, input.documentId, input.commentAnnotations),
  ]);

type AddResult = {
  success: boolean;
  annotationId: string;
  commentIds: string[];
  message: string;
  status?: string;
};

/**
 * commentannotations/add (addendum §7): each annotation with its comments, their events and activity
 * records, its document's thread counts and its last author's read is ONE transaction (annotations in parallel); a taken annotation id or a writer without access
 * fails that annotation only. Reads first (`reads`: `readAnnotationsAdd`); with `verifyUserPermissions`
 * the access check (docs/data-model.md).
 */
export const addAnnotations = /* @__PURE__ */ prefetchable(
  readAnnotationsAdd,
  async (caller, input, reads) => {
    const { apiKey } = caller;
    const now = nowMs();
    const [config, found, preferences] = await reads;
    await ensureDocumentTarget(apiKey, input, found, now, true);
    const writers = input.commentAnnotations.flatMap((annotation) =>
      annotation.commentData.map((c) => c.from),
    );
    const access = await accessIfVerified(caller, input, writers, now);

    const addOne = async (spec: NewAnnotation): Promise<AddResult> => {
      const annotationId = spec.annotationId ?? generateId(now);
      const denied = refusal(
        access,
        spec.commentData.map((comment) => comment.from),
      );
      if (denied)
        return { success: false, annotationId, commentIds: [], message: denied, status: 'PERMISSION_DENIED' };
      const comments = spec.commentData.map((data, index) => newComment(annotationId, data, now + index));
      // The last comment's author has read the thread up to it; earlier authors have a newer comment to read.
      const author = comments.at(-1)!.from.userId;
      const annotation: AnnotationRecord = {
        annotationId,
        organizationId: input.organizationId,
        documentId: input.documentId,
        type: spec.type,
        status: spec.status,
        priority: spec.priority,
        assignedTo: spec.assignedTo,
        context: spec.context,
        createdBy: spec.commentData[0]!.from,
        participants: Object.fromEntries(comments.map((comment) => [comment.from.userId, comment.from])),
        createdAt: now,
        lastUpdated: now,
        version: 0,
        ...newThreadReadState(comments.length, author),
      };
      const changes = commentAdditions(annotation, comments, spec.commentData, true);
      const refused = await commitComments(
        caller,
        annotation,
        comments,
        spec.commentData,
        now,
        [
          annotationCreate(apiKey, annotation),
          ...comments.map((comment) => commentCreate(apiKey, annotation, comment)),
          ...newThreadCounts(apiKey, annotation, author, now),
          ...(await effectItems(apiKey, config, changes, now)),
        ],
        preferences,
      );
      const commentIds = comments.map((comment) => comment.commentId);
      if (refused) {
        const message = `Annotation ${annotationId} already exists.`;
        return { success: false, annotationId, commentIds: [], message, status: 'ALREADY_EXISTS' };
      }
      return { success: true, annotationId, commentIds, message: 'Annotation added.' };
    };

    const results = await Promise.all(input.commentAnnotations.map(addOne));
    return Object.fromEntries(results.map((result) => [result.annotationId, result]));
  },
);

/**
 * The annotations commentannotations/get answers, before the fence filter: a document's annotations,
 * `pageSize` whole annotations per page with their comments (one Query per page, usually), or up to 30
 * annotations by annotation id (one Query each, in the document's partition or, without documentId, on
 * gsi1 across the organization's documents). The page token is sealed and bound to the API key,
 * organization and document (INVALID_ARGUMENT otherwise). Needs only the API key and the input, so
 * it is the route's `prefetch` and travels with the auth read (decisions §43).
 */
export async function readAnnotations(
  apiKey: string,
  input: GetAnnotations,
): Promise<{ annotations: AnnotationWithComments[]; pageToken?: string }> {
  if (input.annotationIds) {
    const ids = [...new Set(input.annotationIds)];
    const annotations =
      input.documentId === undefined
        ? await findAnnotationsById(apiKey, input.organizationId, ids)
        : await findDocumentAnnotations(
            apiKey,
            { organizationId: input.organizationId, documentId: input.documentId },
            ids,
          );
    return { annotations };
  }
  const scope = { organizationId: input.organizationId, documentId: input.documentId as string };
  const binding = { owner: `apiKey:${apiKey}`, query: { list: 'commentannotations', ...scope } };
  const startKey = input.pageToken ? decodePageToken(input.pageToken, binding) : undefined;
  const page = await annotationPage(apiKey, scope, input.pageSize, startKey);
  return { annotations: page.annotations, pageToken: page.nextKey && encodePageToken(page.nextKey, binding) };
}

/**
 * commentannotations/get: `readAnnotations` (`read`, started beside auth), without the annotations of
 * a document being erased (the caller's fences: a deleted document's annotations are invisible).
 */
export const getAnnotations = /* @__PURE__ */ prefetchable(readAnnotations, async (caller, input, read) => {
  const { annotations, pageToken } = await read;
  const visible = annotations.filter(
    (withComments) => !isFenced(caller, input.organizationId, withComments.annotation.documentId),
  );
  return { data: visible.map(annotationWithCommentsView), pageToken };
});

type AnnotationFields = Parameters<typeof annotationChange>[2];

/**
 * What an update changes on an annotation, as stored fields and changes with their events. Throws
 * FAILED_PRECONDITION for a decision on an annotation that is no suggestion or already decided: a
 * suggestion's decision is recorded once (docs/decisions.md).
 */
function planUpdate(annotation: AnnotationRecord, input: UpdateAnnotation) {
  const fields: AnnotationFields = {};
  const planned: Omit<CommentChange, 'annotation' | 'actionUser' | 'agent'>[] = [];
  if (input.status !== undefined && input.status !== annotation.status) {
    fields.status = input.status;
    planned.push({
      event: 'comment_annotation.status_change',
      changes: { status: { from: annotation.status, to: input.status } },
    });
  }
  if (input.priority !== undefined && input.priority !== annotation.priority) {
    fields.priority = input.priority;
    planned.push({
      event: 'comment_annotation.priority_change',
      changes: { priority: { from: annotation.priority ?? null, to: input.priority } },
    });
  }
  if (input.assignedTo !== undefined && input.assignedTo?.userId !== annotation.assignedTo?.userId) {
    fields.assignedTo = input.assignedTo;
    planned.push({
      event: 'comment_annotation.assign',
      changes: { assignedTo: { from: annotation.assignedTo ?? null, to: input.assignedTo } },
    });
  }
  if (input.suggestionDecision !== undefined) {
    if (annotation.type !== 'suggestion') {
      throw failedPrecondition(
        `Annotation ${annotation.annotationId} is not a suggestion; it takes no decision.`,
      );
    }
    if (annotation.suggestionDecision !== undefined) {
      throw failedPrecondition(
        `The suggestion ${annotation.annotationId} was already decided (${annotation.suggestionDecision}); a decision is recorded once.`,
      );
    }
    fields.suggestionDecision = input.suggestionDecision;
    planned.push({
      event: `comment_annotation.suggestion_${input.suggestionDecision}`,
      changes: { suggestionDecision: { from: null, to: input.suggestionDecision } },
    });
  }
  return { fields, planned };
}

/**
 * What commentannotations.update reads first: the activity config and the annotation's item (one
 * GetItem each, the annotation's consistent, in parallel). Needs only the API key and the input, so it
 * is the route's `prefetch` and travels with the auth read (decisions §43).
 */
export const readAnnotationUpdate = (apiKey: string, input: UpdateAnnotation) =>
  Promise.all([getActivityConfig(apiKey), findAnnotation(apiKey, refOf(input))]);

/**
 * commentannotations/update: status, priority, assignee and a suggestion's decision, each with its
 * event (and activity), all in ONE transaction with the annotation's change under a version check
 * (and the document's `open` count when the status crosses into or out of `resolved` / `closed`); a
 * concurrent update makes it re-read and re-decide (so `from` values are always true). No change
 * writes nothing. Returns the annotation (without comments). Costs `reads` (`readAnnotationUpdate`:
 * config and annotation, in parallel), then one TransactWriteItems.
 */
export const updateAnnotation = /* @__PURE__ */ prefetchable(
  readAnnotationUpdate,
  async (caller, input, reads) => {
    const { apiKey } = caller;
    const ref = refOf(input);
    const [[config, firstRead], access] = await Promise.all([
      reads,
      accessIfVerified(caller, input, [input.actionUser], nowMs()),
    ]);
    assertMayWrite(access, [input.actionUser]);
    const attempt = async (index: number) => {
      // Read per attempt: a retry commits after the update it lost to, so its events sort after that one's.
      const now = nowMs();
      const annotation = index === 0 ? firstRead : await findAnnotation(apiKey, ref);
      if (!annotation) throw annotationMissing(ref);
      const { fields, planned } = planUpdate(annotation, input);
      if (planned.length === 0) return annotationView(annotation);
      const assigned = fields.assignedTo === null ? { assignedTo: undefined } : {};
      const updated: AnnotationRecord = {
        ...annotation,
        ...(fields as Partial<AnnotationRecord>),
        ...assigned,
        lastUpdated: now,
        version: annotation.version + 1,
      };
      const changes = planned.map((change) => ({
        ...change,
        annotation: updated,
        actionUser: input.actionUser,
        agent: input.agent,
      }));
      const opened = openCount(updated.status) - openCount(annotation.status);
      const refused = await commit([
        annotationChange(apiKey, ref, fields, annotation.version, now),
        ...(opened === 0 ? [] : [threadCountChange(apiKey, ref, { total: 0, open: opened }, now)]),
        ...(await effectItems(apiKey, config, changes, now)),
      ]);
      return refused ? conflict : annotationView(updated);
    };
    return retryOnConflict(rereadRetry, attempt, () => {
      throw new ApiError('ABORTED', 'The annotation is being changed concurrently; retry.');
    });
  },
);
