import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
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
export const annotationId = /* @__PURE__ */ buildSchema(() =>
  resourceId.check(z.refine((id) => !id.includes(':'), 'must not contain ":"')),
);

/** A user as comments carry one: an id plus optional profile fields. */
export const commentUser = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    userId: resourceId,
    name: z.optional(z.string().check(z.maxLength(200))),
    email: z.optional(z.string().check(z.maxLength(320))),
  }),
);
export type CommentUser = z.infer<typeof commentUser>;

/** The agent that wrote a comment or took an action (its judgments are `judgeType: agent`). */
export const agentInfo = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    agentId: resourceId,
    name: z.optional(z.string().check(z.maxLength(200))),
    model: z.optional(z.string().check(z.maxLength(200))),
    confidence: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  }),
);
export type AgentInfo = z.infer<typeof agentInfo>;

const taggedUserContact = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    userId: resourceId,
    contact: z.optional(commentUser),
    text: z.optional(z.string().check(z.maxLength(500))),
  }),
);

const annotationContext = /* @__PURE__ */ buildSchema(() =>
  z
    .record(z.string().check(z.maxLength(256)), z.unknown())
    .check(
      z.refine(
        (value) => Buffer.byteLength(JSON.stringify(value)) <= maxContextBytes,
        `at most ${maxContextBytes} bytes of JSON`,
      ),
    ),
);

/** A comment to add (addendum §7 `commentData[]`). */
export const commentDataInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    commentId: z.optional(resourceId),
    commentText: z.optional(z.string().check(z.maxLength(maxCommentTextLength))),
    commentHtml: z.optional(z.string().check(z.maxLength(maxCommentHtmlLength))),
    from: commentUser,
    taggedUserContacts: z.optional(z.array(taggedUserContact).check(z.maxLength(100))),
    agent: z.optional(agentInfo),
    triggerNotification: z._default(z.boolean(), false),
    triggerActivities: z._default(z.boolean(), true),
  }),
);
export type CommentDataInput = z.output<typeof commentDataInput>;

const commentDataList = /* @__PURE__ */ buildSchema(() =>
  z.array(commentDataInput).check(
    z.minLength(1),
    z.maxLength(maxCommentsPerWrite),
    z.superRefine((comments, ctx) =>
      uniqueIds(
        comments.map((comment) => comment.commentId),
        ctx,
        (index) => [index, 'commentId'],
      ),
    ),
  ),
);

/** Fields of every request on one document. */
const documentScope = {
  organizationId: resourceId,
  documentId: resourceId,
  /** Check the acting users' access to the document with the access resolver (viewers may not write). */
  verifyUserPermissions: z._default(z.boolean(), false),
};

export const addAnnotationsInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      ...documentScope,
      createOrganization: z.optional(z.boolean()),
      createDocument: z.optional(z.boolean()),
      commentAnnotations: z
        .array(
          z.strictObject({
            annotationId: z.optional(annotationId),
            type: z._default(z.enum(annotationTypes), 'comment'),
            status: z._default(z.enum(annotationStatuses), 'open'),
            priority: z.optional(z.enum(annotationPriorities)),
            assignedTo: z.optional(commentUser),
            context: z.optional(annotationContext),
            commentData: commentDataList,
          }),
        )
        .check(z.minLength(1), z.maxLength(maxAnnotationsPerCall)),
    })
    .check(
      z.superRefine((value, ctx) =>
        uniqueIds(
          value.commentAnnotations.map((annotation) => annotation.annotationId),
          ctx,
          (index) => ['commentAnnotations', index, 'annotationId'],
        ),
      ),
    ),
);
export type AddAnnotations = z.output<typeof addAnnotationsInput>;
export type NewAnnotation = AddAnnotations['commentAnnotations'][number];

export const getAnnotationsInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: resourceId,
      documentId: z.optional(resourceId),
      annotationIds: z.optional(
        z.array(annotationId).check(z.minLength(1), z.maxLength(maxAnnotationIdsPerCall)),
      ),
      pageSize: z._default(z.int().check(z.minimum(1), z.maximum(maxAnnotationPageSize)), 50),
      pageToken: z.optional(pageToken),
    })
    .check(
      z.refine((value) => value.documentId !== undefined || value.annotationIds !== undefined, {
        message: 'send documentId or annotationIds',
        path: ['documentId'],
      }),
    ),
);
export type GetAnnotations = z.output<typeof getAnnotationsInput>;

export const updateAnnotationInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      ...documentScope,
      annotationId,
      status: z.optional(z.enum(annotationStatuses)),
      priority: z.optional(z.enum(annotationPriorities)),
      /** A user to assign, or null to unassign. */
      assignedTo: z.optional(z.nullable(commentUser)),
      suggestionDecision: z.optional(z.enum(suggestionDecisions)),
      actionUser: commentUser,
      agent: z.optional(agentInfo),
    })
    .check(
      z.refine(
        (value) =>
          [value.status, value.priority, value.assignedTo, value.suggestionDecision].some(
            (f) => f !== undefined,
          ),
        {
          message: 'send at least one of status, priority, assignedTo, suggestionDecision',
          path: ['status'],
        },
      ),
    ),
);
export type UpdateAnnotation = z.output<typeof updateAnnotationInput>;

/** The acting user: optional on deletes unless permissions are verified (whose access is checked). */
const actorForVerification = <T extends { verifyUserPermissions: boolean; actionUser?: unknown }>(value: T) =>
  !value.verifyUserPermissions || value.actionUser !== undefined;
const actorRequired = { message: 'required when verifyUserPermissions is true', path: ['actionUser'] };

export const deleteAnnotationsInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      ...documentScope,
      annotationIds: z.array(annotationId).check(z.minLength(1), z.maxLength(maxAnnotationIdsPerCall)),
      actionUser: z.optional(commentUser),
    })
    .check(z.refine(actorForVerification, actorRequired)),
);
export type DeleteAnnotations = z.output<typeof deleteAnnotationsInput>;

const annotationScope = { ...documentScope, annotationId };

export const addCommentsInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    ...annotationScope,
    commentData: commentDataList,
  }),
);
export type AddComments = z.output<typeof addCommentsInput>;

export const updateCommentInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      ...annotationScope,
      commentId: resourceId,
      commentText: z.optional(z.string().check(z.maxLength(maxCommentTextLength))),
      commentHtml: z.optional(z.string().check(z.maxLength(maxCommentHtmlLength))),
      actionUser: commentUser,
      agent: z.optional(agentInfo),
      triggerActivities: z._default(z.boolean(), true),
    })
    .check(
      z.refine((value) => value.commentText !== undefined || value.commentHtml !== undefined, {
        message: 'send commentText or commentHtml',
        path: ['commentText'],
      }),
    ),
);
export type UpdateComment = z.output<typeof updateCommentInput>;

export const deleteCommentsInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      ...annotationScope,
      commentIds: z.array(resourceId).check(z.minLength(1), z.maxLength(maxCommentsPerWrite)),
      actionUser: z.optional(commentUser),
    })
    .check(z.refine(actorForVerification, actorRequired)),
);
export type DeleteComments = z.output<typeof deleteCommentsInput>;

export const reactionInput = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    ...annotationScope,
    commentId: resourceId,
    icon: z.string().check(z.minLength(1), z.maxLength(64)),
    actionUser: commentUser,
    agent: z.optional(agentInfo),
  }),
);
export type ReactionInput = z.output<typeof reactionInput>;

// Stored shapes.

/** A reaction on a comment: one per (icon, user). */
export const storedReaction = /* @__PURE__ */ buildSchema(() =>
  z.object({
    icon: z.string(),
    user: commentUser,
    createdAt: z.number(),
  }),
);

/** An annotation as stored (its comments are separate items in the same partition). */
export const annotationRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    annotationId: z.string(),
    organizationId: z.string(),
    documentId: z.string(),
    type: z.enum(annotationTypes),
    status: z.enum(annotationStatuses),
    priority: z.optional(z.enum(annotationPriorities)),
    assignedTo: z.optional(commentUser),
    context: z.optional(z.record(z.string(), z.unknown())),
    suggestionDecision: z.optional(z.enum(suggestionDecisions)),
    createdBy: commentUser,
    /** Everyone who commented, by user id: the annotation participants of processed webhooks. */
    participants: z.record(z.string(), commentUser),
    createdAt: z.number(),
    lastUpdated: z.number(),
    /** Incremented by every update of the annotation's own fields (optimistic concurrency). */
    version: z.number(),
    /** Comments ever added to the thread (none on threads stored before read state existed). */
    commentSeq: z.optional(z.number()),
    /**
     * The users who have read the thread up to its newest comment, each with the `commentSeq` read
     * (always the current one: a new comment removes every reader but its author).
     */
    readBy: z.optional(z.record(z.string(), z.number())),
    /** Changes with every change of `commentSeq` or `readBy`: a new comment's condition on its readers. */
    readVersion: z.optional(z.number()),
  }),
);
export type AnnotationRecord = z.infer<typeof annotationRecord>;

export const commentRecord = /* @__PURE__ */ buildSchema(() =>
  z.object({
    commentId: z.string(),
    annotationId: z.string(),
    commentText: z.optional(z.string()),
    commentHtml: z.optional(z.string()),
    from: commentUser,
    taggedUserContacts: z.optional(z.array(taggedUserContact)),
    agent: z.optional(agentInfo),
    /** Reactions keyed by `reactionKey(icon, userId)`. */
    reactions: z.record(z.string(), storedReaction),
    createdAt: z.number(),
    lastUpdated: z.number(),
    version: z.number(),
  }),
);
export type CommentRecord = z.infer<typeof commentRecord>;

/** An annotation with its comments (oldest first), as read. */
export interface AnnotationWithComments {
  annotation: AnnotationRecord;
  comments: CommentRecord[];
}

// Responses.

/** commentannotations/add `data`: per annotation (keyed by annotation id), its outcome and comment ids. */
export const addedAnnotations = /* @__PURE__ */ buildSchema(() =>
  z.record(
    z.string(),
    z.object({
      success: z.boolean(),
      annotationId: z.string(),
      commentIds: z.array(z.string()),
      message: z.string(),
      status: z.optional(z.string()),
    }),
  ),
);

/**
 * The fields of `annotationView`, not registered: a `z.meta` check would travel with `z.extend` and
 * name the extension `Annotation` too.
 */
const annotationViewFields = /* @__PURE__ */ buildSchema(() =>
  z.omit(annotationRecord, {
    participants: true,
    version: true,
    commentSeq: true,
    readBy: true,
    readVersion: true,
  }),
);

/** An annotation as responses show it: the stored annotation without its bookkeeping fields. */
export const annotationView = /* @__PURE__ */ buildSchema(() =>
  annotationViewFields.check(z.meta({ id: 'Annotation' })),
);

/** A comment as responses show it: reactions as a list. */
export const commentView = /* @__PURE__ */ buildSchema(() =>
  z
    .extend(z.omit(commentRecord, { reactions: true, version: true }), { reactions: z.array(storedReaction) })
    .check(z.meta({ id: 'Comment' })),
);

/** commentannotations/get lists annotations with their comments, oldest first. */
export const annotationWithCommentsView = /* @__PURE__ */ buildSchema(() =>
  z.extend(annotationViewFields, {
    comments: z.array(commentView),
  }),
);
