import { nowMs } from '../core/clock';
import { keys } from '../db/keys';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { isFenced } from '../plugins/fence';
import { cosineInt8 } from './embedder';
import { currentEmbedder } from './embedders';
import {
  findJudgments,
  type ItemFilters,
  scopeVectors,
  startTimelineRead,
  type TimelineQuery,
  timelineJudgments,
  type VectorEntry,
} from './repository';
import type {
  EmbeddingType,
  Judgment,
  JudgmentFilters,
  JudgmentResult,
  QueryJudgmentsInput,
  SearchInput,
  SearchScope,
} from './schemas';
import { organizationVectors } from './vector-cache';

const dayMs = 24 * 60 * 60 * 1000;

/** Where a request searches: its scope and the ids that locate it. */
type Scope =
  | { by: 'apiKey' }
  | { by: 'organization'; organizationId: string }
  | { by: 'document'; organizationId: string; id: string };

const scopeName = (scope: Scope): SearchScope => (scope.by === 'apiKey' ? 'apiKey' : scope.by);

/**
 * The scope of a request (base #8): the explicit `scope` (the ids locate it), else the narrowest
 * the ids name — document, organization, or every organization of the API key. The schema has
 * already refused a `document` scope without `documentId` and an `organization` one without
 * `organizationId`.
 */
function scopeOf(input: { scope?: SearchScope; organizationId?: string; documentId?: string }): Scope {
  const { organizationId, documentId } = input;
  const scope =
    input.scope ??
    (documentId !== undefined ? 'document' : organizationId !== undefined ? 'organization' : 'apiKey');
  if (scope === 'document') return { by: 'document', organizationId: organizationId!, id: documentId! };
  if (scope === 'organization') return { by: 'organization', organizationId: organizationId! };
  return { by: 'apiKey' };
}

/** The filters items are tested against: the request's, plus the document of a document-scoped thread. */
function itemFilters(filters: JudgmentFilters | undefined, scope: Scope): ItemFilters {
  return {
    ...(filters?.decision !== undefined && { decision: filters.decision }),
    ...(filters?.judgeType !== undefined && { judgeType: filters.judgeType }),
    ...(filters?.contentType !== undefined && { contentType: filters.contentType }),
    ...(filters?.reviewerId !== undefined && { reviewerId: filters.reviewerId }),
    ...(filters?.dateRange && { createdAt: filters.dateRange }),
    ...(scope.by === 'document' && { documentId: scope.id }),
  };
}

const judgmentResultView = (
  { contentText: _contentText, ...judgment }: Judgment,
  similarity: number,
  scope: SearchScope,
): JudgmentResult => ({ ...judgment, similarity, scope });

/**
 * An annotation thread's judgments, oldest first, or a scope's, newest first (optionally within a
 * window, which then replaces `dateRange`), all with similarity 1.0.
 */
/** Judgments of deleted organizations and documents are invisible while they are erased. */
const notFenced = (caller: ApiKeyCaller) => (judgment: Judgment) =>
  !isFenced(caller, judgment.organizationId, judgment.documentId);

function timelineQueryOf(
  apiKey: string,
  scope: Scope,
  filters: JudgmentFilters | undefined,
  limit: number,
  organizationId: string | undefined,
  window?: { start: number; end: number },
): TimelineQuery {
  const annotationId = filters?.annotationId;
  const { createdAt, ...rest } = itemFilters(filters, scope);
  const range = window ?? createdAt;
  const timeline =
    // The schema requires organizationId with annotationId.
    annotationId !== undefined && organizationId !== undefined
      ? keys.judgmentTimeline(apiKey, { by: 'annotation', organizationId, id: annotationId })
      : keys.judgmentTimeline(apiKey, scope);
  return {
    apiKey,
    timeline,
    order: annotationId !== undefined ? 'asc' : 'desc',
    ...(range && { window: range }),
    filters: rest,
    limit,
  };
}

async function listed(
  apiKey: string,
  scope: Scope,
  filters: JudgmentFilters | undefined,
  limit: number,
  organizationId: string | undefined,
  visible: (judgment: Judgment) => boolean,
  window?: { start: number; end: number },
  started?: ReturnType<typeof startTimelineRead>,
) {
  const query = timelineQueryOf(apiKey, scope, filters, limit, organizationId, window);
  const page = await timelineJudgments(query, started);
  return {
    results: page.judgments
      .filter(visible)
      .map((judgment) => judgmentResultView(judgment, 1, scopeName(scope))),
    total: page.total,
  };
}

/** Whether a vector entry passes `filters` (what their FilterExpression does in DynamoDB). */
function passes(entry: VectorEntry, filters: ItemFilters): boolean {
  return (
    (filters.decision === undefined || entry.decision === filters.decision) &&
    (filters.judgeType === undefined || entry.judgeType === filters.judgeType) &&
    (filters.contentType === undefined || entry.contentType === filters.contentType) &&
    (filters.reviewerId === undefined || entry.reviewerId === filters.reviewerId) &&
    (filters.createdAt === undefined ||
      (entry.createdAt >= filters.createdAt.start && entry.createdAt <= filters.createdAt.end))
  );
}

/**
 * The vectors of a scope that pass `filters`: an organization's from the function's cache of them
 * (kept current through the change feed), a document's or the API key's by Queries of their
 * vector partitions.
 */
async function candidateVectors(
  apiKey: string,
  scope: Scope,
  type: EmbeddingType,
  filters: ItemFilters,
  embedderId: string,
): Promise<VectorEntry[]> {
  if (scope.by !== 'organization')
    return scopeVectors(keys.judgmentVectorPartitions(apiKey, type, scope), filters, embedderId);
  const found: VectorEntry[] = [];
  for (const entry of await organizationVectors(apiKey, scope.organizationId, type, embedderId))
    if (passes(entry, filters)) found.push(entry);
  return found;
}

interface Scored {
  candidate: VectorEntry;
  similarity: number;
}

const ranksAbove = (a: Scored, b: Scored) =>
  a.similarity > b.similarity ||
  (a.similarity === b.similarity && a.candidate.createdAt > b.candidate.createdAt);

/**
 * The `limit` candidates most similar to `query` (ties: newest first), best first — kept in a
 * small sorted array while scoring, rather than sorting the whole scope.
 */
function topK(query: Float32Array, candidates: readonly VectorEntry[], limit: number): Scored[] {
  const best: Scored[] = [];
  for (const candidate of candidates) {
    const scored = { candidate, similarity: cosineInt8(query, candidate.vector) };
    if (best.length === limit && !ranksAbove(scored, best[limit - 1]!)) continue;
    let at = best.length;
    while (at > 0 && ranksAbove(scored, best[at - 1]!)) at -= 1;
    best.splice(at, 0, scored);
    if (best.length > limit) best.pop();
  }
  return best;
}

/**
 * Judgment search (base #8). `filters.annotationId`: the thread's judgments oldest first;
 * `recencyDays`: the scope's newest judgments in the window (overriding `dateRange`); both with
 * similarity 1.0 and no embedding. Otherwise the query is embedded and compared (exact cosine)
 * with every vector of the chosen embedding type in the scope that passes the filters; the top
 * `limit` judgments are read by one BatchGetItem. `totalInScope` counts the judgments in the scope
 * that pass the filters (and the window, or that have the chosen embedding). DynamoDB: an
 * organization's cached vectors catch up by one Query of its change feed (a first search loads them:
 * 4 parallel shard Queries); a document's or the API key's are read by one Query per vector
 * partition (1, or 4 shards; more pages past ≈ 1 MB each); then 1 BatchGetItem.
 */
export async function searchJudgments(caller: ApiKeyCaller, input: SearchInput) {
  const started = performance.now();
  const scope = scopeOf(input);
  const latency = () => Math.round((performance.now() - started) * 100) / 100;
  if (input.filters?.annotationId !== undefined || input.recencyDays !== undefined) {
    const now = nowMs();
    const window =
      input.filters?.annotationId === undefined && input.recencyDays !== undefined
        ? { start: now - input.recencyDays * dayMs, end: now }
        : undefined;
    const { results, total } = await listed(
      caller.apiKey,
      scope,
      input.filters,
      input.limit,
      input.organizationId,
      notFenced(caller),
      window,
    );
    return { results, totalInScope: total, searchLatencyMs: latency() };
  }
  const embedder = await currentEmbedder();
  const [[query], candidates] = await Promise.all([
    embedder.embed([input.query]),
    candidateVectors(
      caller.apiKey,
      scope,
      input.embeddingType,
      itemFilters(input.filters, scope),
      embedder.id,
    ),
  ]);
  const best = topK(query!, candidates, input.limit);
  const judgments = (
    await findJudgments(
      caller.apiKey,
      best.map(({ candidate }) => candidate),
    )
  ).filter(notFenced(caller));
  const similarityOf = new Map(
    best.map(({ candidate, similarity }) => [
      `${candidate.organizationId}\u0000${candidate.recordId}`,
      similarity,
    ]),
  );
  const results = judgments.map((judgment) =>
    judgmentResultView(
      judgment,
      Math.round((similarityOf.get(`${judgment.organizationId}\u0000${judgment.recordId}`) ?? 0) * 1e6) / 1e6,
      scopeName(scope),
    ),
  );
  return { results, totalInScope: candidates.length, searchLatencyMs: latency() };
}

/**
 * Starts `queryJudgments`' first requests by the API key and the input alone (a route's prefetch:
 * the page's and the count's first Queries); the fence filter waits for the caller.
 */
export const readJudgments = (apiKey: string, input: QueryJudgmentsInput) =>
  startTimelineRead(
    timelineQueryOf(apiKey, scopeOf(input), input.filters, input.limit, input.organizationId),
  );

/**
 * Judgment metadata (addendum §6): the scope's judgments newest first (a thread's oldest first),
 * with the search filters, `limit` of them, and how many pass the filters in all (`total`).
 * DynamoDB: one Query for the page (more when filters reject many) + a parallel COUNT Query.
 * `started` is `readJudgments`' first requests, when already started.
 */
export const queryJudgments = /* @__PURE__ */ prefetchable(readJudgments, async (caller, input, started) => {
  return listed(
    caller.apiKey,
    scopeOf(input),
    input.filters,
    input.limit,
    input.organizationId,
    notFenced(caller),
    undefined,
    started,
  );
});
