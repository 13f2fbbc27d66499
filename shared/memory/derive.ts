import { explicitJudgment, type Judgment, maxQueryLength } from './schemas';

/**
 * What a judgment is derived from: an activity record (`Activity` of shared/activities/schemas.ts),
 * as far as memory reads it. Memory lies below activities, whose writes carry their judgments
 * (shared/activities/repository.ts), so it names the fields it reads rather than import the record's
 * schema; every `Activity` is one, which the activity writers' calls check.
 */
export interface JudgedActivity {
  readonly id: string;
  readonly featureType: string;
  readonly actionType: string;
  readonly actionUser: { readonly userId: string; readonly name?: string; readonly [field: string]: unknown };
  readonly targetEntityId?: string;
  readonly targetSubEntityId?: string;
  readonly changes?: Readonly<Record<string, { from?: unknown; to?: unknown }>>;
  readonly entityData?: unknown;
  readonly entityTargetData?: unknown;
  readonly metadata: { readonly organizationId: string; readonly documentId: string };
  readonly timestamp: number;
}

/**
 * Annotation statuses (shared/comments/schemas.ts `annotationStatuses`) that end a review: a status
 * change to one of them is a `resolve` judgment, to any other an `in_progress` one (addendum §6).
 */
export const terminalStatuses: readonly string[] = ['resolved', 'closed'];

const acceptActions = new Set([
  'comment_annotation.suggestion_accept',
  'comment.accept',
  'comment_annotation.approve',
]);
const rejectActions = new Set(['comment_annotation.suggestion_reject', 'comment.reject']);
const reactionActions = new Set(['reaction.add', 'comment.reaction_add']);

const agreeIcons = new Set(['+1', ':+1:', 'thumbsup', 'thumbs_up', 'thumbs-up']);
const disagreeIcons = new Set(['-1', ':-1:', 'thumbsdown', 'thumbs_down', 'thumbs-down']);

/** Longest reviewed-content text kept (and embedded) per judgment. */
export const maxContentTextLength = maxQueryLength;

type Json = Record<string, unknown>;

const objectOf = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim().length > 0 ? value : undefined;

/** 👍 (any skin tone) or a common alias → agree; 👎 → disagree; anything else decides nothing. */
function reactionDecision(icon: string | undefined): 'agree' | 'disagree' | undefined {
  if (icon === undefined) return undefined;
  const plain = icon.trim().toLowerCase();
  if (plain.startsWith('👍') || agreeIcons.has(plain)) return 'agree';
  if (plain.startsWith('👎') || disagreeIcons.has(plain)) return 'disagree';
  return undefined;
}

/** The decision an activity's action type implies (addendum §6), or undefined when it decides nothing. */
function actionDecision(activity: JudgedActivity, entity: Json | undefined, target: Json | undefined) {
  const { actionType } = activity;
  if (actionType === 'comment.add') return 'comment';
  // A new thread's first comment is recorded as the thread's addition: it is a comment all the same.
  if (actionType === 'comment_annotation.add') return target?.commentId !== undefined ? 'comment' : undefined;
  if (actionType === 'comment_annotation.status_change') {
    const status = stringOf(objectOf(activity.changes?.status)?.to) ?? stringOf(entity?.status);
    // A status change to a terminal status (the comments feature's list) resolves the thread.
    return status !== undefined && terminalStatuses.includes(status) ? 'resolve' : 'in_progress';
  }
  if (acceptActions.has(actionType)) return 'approve';
  if (rejectActions.has(actionType)) return 'reject';
  if (reactionActions.has(actionType))
    return reactionDecision(stringOf(target?.icon) ?? stringOf(entity?.icon));
  return undefined;
}

/**
 * Text of an HTML fragment, for comments that only carry `commentHtml`. A tag cannot contain `<`:
 * with `[^>]*` every unclosed `<` would scan to the end of the text, quadratic in its length.
 */
const htmlText = (html: string) =>
  html
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The reviewed content of an annotation snapshot: its `context` text (`text`, `snippet`,
 * `highlightedText`, `content`, first found), else the snapshot's own `text`; capped.
 */
function contentTextOf(entity: Json | undefined): string | undefined {
  const context = objectOf(entity?.context);
  const text =
    stringOf(context?.text) ??
    stringOf(context?.snippet) ??
    stringOf(context?.highlightedText) ??
    stringOf(context?.content) ??
    stringOf(entity?.text);
  return text?.slice(0, maxContentTextLength);
}

/**
 * The judgment an activity records, or null when it decides nothing (addendum §6). Pure: the
 * same activity always derives the same judgment, so a rewrite of the activity rewrites it.
 *
 * - decision: `entityData.judgment.decision` when the activity carries a valid explicit block,
 *   else from the action type (comment.add → comment; status_change → resolve / in_progress;
 *   accept/approve → approve; reject → reject; 👍/👎 reaction → agree / disagree).
 * - reasoning: the explicit reasoning, else the comment text (`entityTargetData.commentText`, or
 *   its `commentHtml` as text), else ''.
 * - judgeType `agent` when `actionUser.agent` or `entityTargetData.agent` is an object; `agent` is
 *   that object (the acting user's first), else null.
 * - confidence: explicit, else the agent block's numeric `confidence` in [0, 1], else 1.
 * - contentType: `entityData.context.contentType`, else `entityData.type`, else the feature type.
 * - annotationId = targetEntityId; commentId = targetSubEntityId or `entityTargetData.commentId`.
 */
export function judgmentFor(activity: JudgedActivity): Judgment | null {
  const entity = objectOf(activity.entityData);
  const target = objectOf(activity.entityTargetData);
  const explicit = explicitJudgment.safeParse(entity?.judgment);
  const decision = explicit.success ? explicit.data.decision : actionDecision(activity, entity, target);
  if (decision === undefined) return null;

  const { agent: userAgent, ...actionUser } = activity.actionUser;
  const agent = objectOf(userAgent) ?? objectOf(target?.agent) ?? null;
  const agentConfidence = agent?.confidence;
  const commentHtml = stringOf(target?.commentHtml);
  const reasoning =
    (explicit.success ? explicit.data.reasoning : undefined) ??
    stringOf(target?.commentText) ??
    (commentHtml === undefined ? undefined : htmlText(commentHtml)) ??
    '';
  const confidence =
    (explicit.success ? explicit.data.confidence : undefined) ??
    (typeof agentConfidence === 'number' && agentConfidence >= 0 && agentConfidence <= 1
      ? agentConfidence
      : 1);
  const contentType =
    stringOf(objectOf(entity?.context)?.contentType) ?? stringOf(entity?.type) ?? activity.featureType;
  const commentId = activity.targetSubEntityId ?? stringOf(target?.commentId);
  const contentText = contentTextOf(entity);
  return {
    recordId: activity.id,
    decision,
    reasoning,
    confidence,
    actionUser,
    createdAt: activity.timestamp,
    agent,
    judgeType: agent ? 'agent' : 'human',
    contentType: contentType.slice(0, 128),
    reviewerId: activity.actionUser.userId,
    organizationId: activity.metadata.organizationId,
    documentId: activity.metadata.documentId,
    ...(activity.targetEntityId !== undefined && { annotationId: activity.targetEntityId }),
    ...(commentId !== undefined && { commentId }),
    ...(contentText !== undefined && { contentText }),
  };
}

/**
 * The text each embedding of a judgment is made from; `content` is absent without reviewed content.
 * Both are at most as long as a query (`maxQueryLength`): a long review is found by its beginning,
 * and embedding work per judgment stays bounded however long the stored reasoning is.
 */
export function embeddingTexts(judgment: Judgment): { review: string; content?: string } {
  const review = `${judgment.decision.replace(/_/g, ' ')} ${judgment.reasoning}`
    .slice(0, maxQueryLength)
    .trim();
  return judgment.contentText === undefined ? { review } : { review, content: judgment.contentText };
}
