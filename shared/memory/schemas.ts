import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';
import { resourceId } from '../http/common-schemas';

/**
 * Decision values of judgments (addendum §6): what the comment features record, plus the explicit
 * decisions custom activities carry in `entityData.judgment` (any lower-case word of these shapes).
 */
export const knownDecisions = [
  'comment',
  'resolve',
  'in_progress',
  'approve',
  'reject',
  'agree',
  'disagree',
] as const;

/** A decision value: a known one or a custom lower-case word (`needs_changes`). */
export const decision = /* @__PURE__ */ buildSchema(() =>
  z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(64),
      z.regex(/^[a-z][a-z0-9_]*$/, 'a decision is a lower-case word such as approve or reject'),
    ),
);

export const judgeTypes = ['human', 'agent'] as const;
export const embeddingTypes = ['review', 'content'] as const;
export type EmbeddingType = (typeof embeddingTypes)[number];
export const searchScopes = ['document', 'organization', 'apiKey'] as const;
export type SearchScope = (typeof searchScopes)[number];

/** search: 1–50 results, default 10; judgments/query: 1–100, default 20 (base #8, addendum §6). */
export const maxSearchLimit = 50;
export const maxQueryLimit = 100;
/** Longest query text embedded (characters); longer queries are refused. */
export const maxQueryLength = 4000;

/**
 * An explicit judgment a custom activity carries in `entityData.judgment` (addendum §6). Parsed
 * leniently by the derivation: a malformed block derives no judgment, it does not fail the write.
 */
export const explicitJudgment = /* @__PURE__ */ buildSchema(() =>
  z.object({
    decision,
    reasoning: z.optional(z.string().check(z.maxLength(10_000))),
    confidence: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  }),
);

const toEpochMs = (value: number | string) => (typeof value === 'number' ? value : Date.parse(value));

/** The last millisecond of year 9999, the latest ISO 8601 date: 15 digits, like every timeline key's time. */
const maxInstantMs = /* @__PURE__ */ buildSchema(() => Date.UTC(9999, 11, 31, 23, 59, 59, 999));

/**
 * A point in time as ISO 8601 (date, or date-time with offset) or epoch milliseconds, as epoch
 * milliseconds; from 1970 to 9999 in either form, the times timeline keys can order.
 */
const instant = /* @__PURE__ */ buildSchema(() =>
  z.pipe(
    z.pipe(
      z.union([
        z.int().check(z.minimum(0), z.maximum(maxInstantMs)),
        z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
          error: 'expected an ISO 8601 date or date-time, or epoch milliseconds',
        }),
      ]),
      z.transform(toEpochMs),
    ),
    z
      .number()
      .check(
        z.minimum(0, 'must not be before 1970-01-01T00:00:00Z'),
        z.maximum(maxInstantMs, 'must not be after 9999-12-31T23:59:59.999Z'),
      ),
  ),
);

export const judgmentFilters = /* @__PURE__ */ buildSchema(() =>
  z.strictObject({
    decision: z.optional(decision),
    judgeType: z.optional(z.enum(judgeTypes)),
    contentType: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
    reviewerId: z.optional(resourceId),
    annotationId: z.optional(resourceId),
    dateRange: z.optional(
      z.strictObject({ start: instant, end: instant }).check(
        z.refine((range) => range.start <= range.end, {
          message: 'start must not be after end',
          path: ['start'],
        }),
      ),
    ),
  }),
);
export type JudgmentFilters = z.output<typeof judgmentFilters>;

/** The ids of a request: `documentId` and `filters.annotationId` each need `organizationId`. */
function requireOrganization(
  value: { organizationId?: string; documentId?: string; filters?: { annotationId?: string } },
  ctx: z.core.$RefinementCtx,
) {
  if (value.organizationId !== undefined) return;
  if (value.documentId !== undefined)
    ctx.addIssue({ code: 'custom', path: ['documentId'], message: 'documentId requires organizationId' });
  if (value.filters?.annotationId !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['filters', 'annotationId'],
      message: 'annotationId requires organizationId',
    });
}

/** The id that a search scope narrower than the API key searches within. */
const scopeIdFields: Partial<Record<SearchScope, 'organizationId' | 'documentId'>> = {
  organization: 'organizationId',
  document: 'documentId',
};

/** A search scoped to an organization or a document names its id. */
function requireScopeId(
  value: { scope?: SearchScope; organizationId?: string; documentId?: string },
  ctx: z.core.$RefinementCtx,
) {
  const field = value.scope && scopeIdFields[value.scope];
  if (field && value[field] === undefined) {
    ctx.addIssue({ code: 'custom', path: ['scope'], message: `scope ${value.scope} requires ${field}` });
  }
}

/** memory/search (base #8). */
export const searchInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      query: z.string().check(
        z.maxLength(maxQueryLength),
        z.refine((text) => text.trim().length > 0, 'query must not be empty'),
      ),
      embeddingType: z._default(z.enum(embeddingTypes), 'review'),
      scope: z.optional(z.enum(searchScopes)),
      organizationId: z.optional(resourceId),
      documentId: z.optional(resourceId),
      limit: z._default(z.int().check(z.minimum(1), z.maximum(maxSearchLimit)), 10),
      filters: z.optional(judgmentFilters),
      recencyDays: z.optional(z.int().check(z.minimum(1), z.maximum(365))),
    })
    .check(
      z.superRefine((value, ctx) => {
        requireOrganization(value, ctx);
        requireScopeId(value, ctx);
      }),
    ),
);
export type SearchInput = z.output<typeof searchInput>;

/** memory/judgments/query (addendum §6): metadata listing, newest first (a thread oldest first). */
export const queryJudgmentsInput = /* @__PURE__ */ buildSchema(() =>
  z
    .strictObject({
      organizationId: z.optional(resourceId),
      documentId: z.optional(resourceId),
      filters: z.optional(judgmentFilters),
      limit: z._default(z.int().check(z.minimum(1), z.maximum(maxQueryLimit)), 20),
    })
    .check(z.superRefine(requireOrganization)),
);
export type QueryJudgmentsInput = z.output<typeof queryJudgmentsInput>;

/** A judgment as stored (without keys and vectors) and returned, less the per-request fields. */
export const judgment = /* @__PURE__ */ buildSchema(() =>
  z.object({
    recordId: z.string(),
    decision: z.string(),
    reasoning: z.string(),
    confidence: z.number(),
    actionUser: z.looseObject({ userId: z.string(), name: z.optional(z.string()) }),
    createdAt: z.number(),
    agent: z.nullable(z.record(z.string(), z.unknown())),
    judgeType: z.enum(judgeTypes),
    contentType: z.string(),
    reviewerId: z.string(),
    organizationId: z.string(),
    documentId: z.string(),
    annotationId: z.optional(z.string()),
    commentId: z.optional(z.string()),
    /** The reviewed content the `content` embedding was made from, if any. */
    contentText: z.optional(z.string()),
  }),
);
export type Judgment = z.infer<typeof judgment>;

/** A result of search / judgments query: the judgment, its similarity and the scope it was found in. */
export type JudgmentResult = Omit<Judgment, 'contentText'> & { similarity: number; scope: SearchScope };

/** A judgment found by search or query: the judgment, its similarity and the scope it was found in. */
export const judgmentResult = /* @__PURE__ */ buildSchema(() =>
  z
    .extend(z.omit(judgment, { contentText: true }), {
      similarity: z.number(),
      scope: z.enum(searchScopes),
    })
    .check(z.meta({ id: 'JudgmentResult' })),
);

/** memory/search `result` (base #8): no status, message or data. */
export const searchResult = /* @__PURE__ */ buildSchema(() =>
  z.object({
    results: z.array(judgmentResult),
    totalInScope: z.int(),
    searchLatencyMs: z.number(),
  }),
);

/** memory/judgments/query `result` (addendum §6): no status, message or data. */
export const judgmentsQueryResult = /* @__PURE__ */ buildSchema(() =>
  z.object({
    results: z.array(judgmentResult),
    total: z.int(),
  }),
);
