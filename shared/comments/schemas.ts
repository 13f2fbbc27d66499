import * as z from 'zod';
import { pageToken, resourceId, uniqueIds } from '../http/common-schemas';

/** Annotation kinds (addendum §7). */
export const annotationTypes = ['comment', 'suggestion'] as const;

/** Annotation statuses; a new annotation is `open`. */
export const annotationStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type AnnotationStatus = (typeof annotationStatuses)[number];

export const annotationPriorities = ['low', 'medium', 'high', 'urgent'] as const;

export const suggestionDecisions = ['accept', 'reject'] as const;

/** Annotations per commentannotations/add call; each is its own transaction. */
export const maxAnnotationsPerCall = 20;

/**
 * Comments per write (a new annotation's commentData, comments/add, comments/delete): each comment is
 * written with its event and activity (plus the judgment derived from it) in one transaction, which
 * holds at most 100 items and 4 MB.
 */
export const maxCommentsPerWrite = 10;

/** Annotation ids per get/delete call. */
export const maxAnnotationIdsPerCall = 30;

/** get pages count annotations: 1–100, default 50. */
export const maxAnnotationPageSize = 100;

const maxCommentTextLength = 10_000;
const maxCommentHtmlLength = 20_000;
const maxContextBytes = 16 * 1024;

/** Annotation ids: caller-chosen ids without `:` (addendum §7). */
export const annotationId = /* @__PURE__ */ resourceId.refine(
  (id) => !id.includes(':'),
  'must not contain ":"',
);

/** A user as comments carry one: an id plus optional profile fields. */
export const commentUser = /* @__PURE__ */ z
  .object({ userId: resourceId, name: z.string().max(200).optional(), email: z.string().max(320).optional() })
  .strict();
export type CommentUser = z.infer<typeof commentUser>;

/** The agent that wrote a comment or took an action (its judgments are `judgeType: agent`). */
export const agentInfo = /* @__PURE__ */ z
  .object({
    agentId: resourceId,
    name: z.string().max(200).optional(),
    model: z.string().max(200).optional(),
    confidence: z.number().min(0).max(1).optional(),
  })
  .strict();
export type AgentInfo = z.infer<typeof agentInfo>;

const taggedUserContact = /* @__PURE__ */ z
  .object({ userId: resourceId, contact: commentUser.optional(), text: z.string().max(500).optional() })
  .strict();

const annotationContext = /* @__PURE__ */ z
  .record(z.string().max(256), z.unknown())
  .refine(
    (value) => Buffer.byteLength(JSON.stringify(value)) <= maxContextBytes,
    `at most ${maxContextBytes} bytes of JSON`,
  );

/** A comment to add (addendum §7 `commentData[]`). */
export const commentDataInput = /* @__PURE__ */ z
  .object({
    commentId: resourceId.optional(),
    commentText: z.string().max(maxCommentTextLength).optional(),
    commentHtml: z.string().max(maxCommentHtmlLength).optional(),
    from: commentUser,
    taggedUserContacts: z.array(taggedUserContact).max(100).optional(),
    agent: agentInfo.optional(),
    triggerNotification: z.boolean().default(false),
    triggerActivities: z.boolean().default(true),
  })
  .strict();
export type CommentDataInput = z.output<typeof commentDataInput>;

const commentDataList = /* @__PURE__ */ z
  .array(commentDataInput)
  .min(1)
  .max(maxCommentsPerWrite)
  .superRefine((comments, ctx) =>
    uniqueIds(
      comments.map((comment) => comment.commentId),
      ctx,
      (index) => [index, 'commentId'],
    ),
  );

/** Fields of every request on one document. */
const documentScope = {
  organizationId: resourceId,
  documentId: resourceId,
  /** Check the acting users' access to the document with the access resolver (viewers may not write). */
  verifyUserPermissions: z.boolean().default(false),
};

export const addAnnotationsInput = /* @__PURE__ */ z
  .object({
    ...documentScope,
    createOrganization: z.boolean().optional(),
    createDocument: z.boolean().optional(),
    commentAnnotations: z
      .array(
        z
          .object({
            annotationId: annotationId.optional(),
            type: z.enum(annotationTypes).default('comment'),
            status: z.enum(annotationStatuses).default('open'),
            priority: z.enum(annotationPriorities).optional(),
            assignedTo: commentUser.optional(),
            context: annotationContext.optional(),
            commentData: commentDataList,
          })
          .strict(),
      )
      .min(1)
      .max(maxAnnotationsPerCall),
  })
  .strict()
  .superRefine((value, ctx) =>
    uniqueIds(
      value.commentAnnotations.map((annotation) => annotation.annotationId),
      ctx,
      (index) => ['commentAnnotations', index, 'annotationId'],
    ),
  );
export type AddAnnotations = z.output<typeof addAnnotationsInput>;
export type NewAnnotation = AddAnnotations['commentAnnotations'][number];

export const getAnnotationsInput = /* @__PURE__ */ z
  .object({
    organizationId: resourceId,
    documentId: resourceId.optional(),
    annotationIds: z.array(annotationId).min(1).max(maxAnnotationIdsPerCall).optional(),
    pageSize: z.number().int().min(1).max(maxAnnotationPageSize).default(50),
    pageToken: pageToken.optional(),
  })
  .strict()
  .refine((value) => value.documentId !== undefined || value.annotationIds !== undefined, {
    message: 'send documentId or annotationIds',
    path: ['documentId'],
  });
export type GetAnnotations = z.output<typeof getAnnotationsInput>;

export const updateAnnotationInput = /* @__PURE__ */ z
  .object({
    ...documentScope,
    annotationId,
    status: z.enum(annotationStatuses).optional(),
    priority: z.enum(annotationPriorities).optional(),
    /** A user to assign, or null to unassign. */
    assignedTo: commentUser.nullable().optional(),
    suggestionDecision: z.enum(suggestionDecisions).optional(),
    actionUser: commentUser,
    agent: agentInfo.optional(),
  })
  .strict()
  .refine(
    (value) =>
      [value.status, value.priority, value.assignedTo, value.suggestionDecision].some((f) => f !== undefined),
    { message: 'send at least one of status, priority, assignedTo, suggestionDecision', path: ['status'] },
  );
export type UpdateAnnotation = z.output<typeof updateAnnotationInput>;

/** The acting user: optional on deletes unless permissions are verified (whose access is checked). */
const actorForVerification = <T extends { verifyUserPermissions: boolean; actionUser?: unknown }>(value: T) =>
  !value.verifyUserPermissions || value.actionUser !== undefined;
const actorRequired = { message: 'required when verifyUserPermissions is true', path: ['actionUser'] };

export const deleteAnnotationsInput = /* @__PURE__ */ z
  .object({
    ...documentScope,
    annotationIds: z.array(annotationId).min(1).max(maxAnnotationIdsPerCall),
    actionUser: commentUser.optional(),
  })
  .strict()
  .refine(actorForVerification, actorRequired);
export type DeleteAnnotations = z.output<typeof deleteAnnotationsInput>;

const annotationScope = { ...documentScope, annotationId };

export const addCommentsInput = /* @__PURE__ */ z
  .object({ ...annotationScope, commentData: commentDataList })
  .strict();
export type AddComments = z.output<typeof addCommentsInput>;

export const updateCommentInput = /* @__PURE__ */ z
  .object({
    ...annotationScope,
    commentId: resourceId,
    commentText: z.string().max(maxCommentTextLength).optional(),
    commentHtml: z.string().max(maxCommentHtmlLength).optional(),
    actionUser: commentUser,
    agent: agentInfo.optional(),
    triggerActivities: z.boolean().default(true),
  })
  .strict()
  .refine((value) => value.commentText !== undefined || value.commentHtml !== undefined, {
    message: 'send commentText or commentHtml',
    path: ['commentText'],
  });
export type UpdateComment = z.output<typeof updateCommentInput>;

export const deleteCommentsInput = /* @__PURE__ */ z
  .object({
    ...annotationScope,
    commentIds: z.array(resourceId).min(1).max(maxCommentsPerWrite),
    actionUser: commentUser.optional(),
  })
  .strict()
  .refine(actorForVerification, actorRequired);
export type DeleteComments = z.output<typeof deleteCommentsInput>;

export const reactionInput = /* @__PURE__ */ z
  .object({
    ...annotationScope,
    commentId: resourceId,
    icon: z.string().min(1).max(64),
    actionUser: commentUser,
    agent: agentInfo.optional(),
  })
  .strict();
export type ReactionInput = z.output<typeof reactionInput>;

// Stored shapes.

/** A reaction on a comment: one per (icon, user). */
export const storedReaction = /* @__PURE__ */ z.object({
  icon: z.string(),
  user: commentUser,
  createdAt: z.number(),
});

/** An annotation as stored (its comments are separate items in the same partition). */
export const annotationRecord = /* @__PURE__ */ z.object({
  annotationId: z.string(),
  organizationId: z.string(),
  documentId: z.string(),
  type: z.enum(annotationTypes),
  status: z.enum(annotationStatuses),
  priority: z.enum(annotationPriorities).optional(),
  assignedTo: commentUser.optional(),
  context: z.record(z.string(), z.unknown()).optional(),
  suggestionDecision: z.enum(suggestionDecisions).optional(),
  createdBy: commentUser,
  /** Everyone who commented, by user id: the annotation participants of processed webhooks. */
  participants: z.record(z.string(), commentUser),
  createdAt: z.number(),
  lastUpdated: z.number(),
  /** Incremented by every update of the annotation's own fields (optimistic concurrency). */
  version: z.number(),
  /** Comments ever added to the thread (none on threads stored before read state existed). */
  commentSeq: z.number().optional(),
  /**
   * The users who have read the thread up to its newest comment, each with the `commentSeq` read
   * (always the current one: a new comment removes every reader but its author).
   */
  readBy: z.record(z.string(), z.number()).optional(),
  /** Changes with every change of `commentSeq` or `readBy`: a new comment's condition on its readers. */
  readVersion: z.number().optional(),
});
export type AnnotationRecord = z.infer<typeof annotationRecord>;

export const commentRecord = /* @__PURE__ */ z.object({
  commentId: z.string(),
  annotationId: z.string(),
  commentText: z.string().optional(),
  commentHtml: z.string().optional(),
  from: commentUser,
  taggedUserContacts: z.array(taggedUserContact).optional(),
  agent: agentInfo.optional(),
  /** Reactions keyed by `reactionKey(icon, userId)`. */
  reactions: z.record(z.string(), storedReaction),
  createdAt: z.number(),
  lastUpdated: z.number(),
  version: z.number(),
});
export type CommentRecord = z.infer<typeof commentRecord>;

/** An annotation with its comments (oldest first), as read. */
export interface AnnotationWithComments {
  annotation: AnnotationRecord;
  comments: CommentRecord[];
}

// Responses.

/** commentannotations/add `data`: per annotation (keyed by annotation id), its outcome and comment ids. */
export const addedAnnotations = /* @__PURE__ */ z.record(
  z.string(),
  z.object({
    success: z.boolean(),
    annotationId: z.string(),
    commentIds: z.array(z.string()),
    message: z.string(),
    status: z.string().optional(),
  }),
);

/** An annotation as responses show it: the stored annotation without its bookkeeping fields. */
export const annotationView = /* @__PURE__ */ annotationRecord
  .omit({ participants: true, version: true, commentSeq: true, readBy: true, readVersion: true })
  .meta({ id: 'Annotation' });

/** A comment as responses show it: reactions as a list. */
export const commentView = /* @__PURE__ */ commentRecord
  .omit({ reactions: true, version: true })
  .extend({ reactions: z.array(storedReaction) })
  .meta({ id: 'Comment' });

/** commentannotations/get lists annotations with their comments, oldest first. */
export const annotationWithCommentsView = /* @__PURE__ */ annotationView.extend({
  comments: z.array(commentView),
});
