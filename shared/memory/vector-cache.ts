import { nowMs } from '../core/clock';
import { keys } from '../db/keys';
import { scopeVectors, type VectorEntry, vectorChangesSince } from './repository';
import type { EmbeddingType } from './schemas';

/**
 * An organization's vectors kept in the function's memory between requests (a warm Lambda container,
 * or the local server), so a search reads only what changed since the last one instead of the whole
 * scope (10,000 vectors are ≈ 7 MB of items: ≈ 0.5 s on DynamoDB Local here, ≈ 900 RCU in AWS).
 *
 * A scope is loaded whole from its sharded vector partitions, then each search first reads the
 * organization's change feed (gsi2, write order) from `caughtUpTo − changeOverlapMs`: writes and
 * tombstones alike, so updates and deletions apply. The overlap covers writes that commit (or reach
 * the index) later than the clock reading they are keyed by.
 */

/**
 * How far back each catch-up re-reads the feed: longer than any write can land after its clock
 * reading (three times the API functions' 10 s timeout; gsi2 lags well under a second).
 */
export const changeOverlapMs = 30_000;
/** A scope is reloaded whole after this long (well within a tombstone's day on the feed). */
const reloadAfterMs = 10 * 60_000;
/**
 * Most vectors kept across scopes (≈ 1.2 KB each in memory, so ≈ 125 MB of a function's 512 MB);
 * the least recently searched scopes are dropped first, the one just searched never.
 */
const maxCachedVectors = 100_000;

interface CachedScope {
  entries: Map<string, VectorEntry>;
  loadedAt: number;
  /** Changes written at or after this time (less the overlap) are read on the next catch-up. */
  caughtUpTo: number;
  /** The latest load or catch-up; the next one runs after it so each sees every earlier write. */
  refresh: Promise<void>;
}

const cached = new Map<string, CachedScope>();

async function load(
  apiKey: string,
  organizationId: string,
  type: EmbeddingType,
  embedderId: string,
): Promise<CachedScope> {
  const startedAt = nowMs();
  const partitions = keys.judgmentVectorPartitions(apiKey, type, { by: 'organization', organizationId });
  const vectors = await scopeVectors(partitions, {}, embedderId);
  return {
    entries: new Map(vectors.map((entry) => [entry.recordId, entry])),
    loadedAt: startedAt,
    caughtUpTo: startedAt,
    refresh: Promise.resolve(),
  };
}

async function catchUp(
  scope: CachedScope,
  apiKey: string,
  organizationId: string,
  type: EmbeddingType,
  embedderId: string,
) {
  const startedAt = nowMs();
  const changes = await vectorChangesSince(apiKey, organizationId, type, scope.caughtUpTo - changeOverlapMs);
  for (const change of changes) {
    const current = scope.entries.get(change.recordId);
    // The overlap re-reads changes already applied; a feed read never goes back in time per item.
    if (current && current.updatedAt > change.updatedAt) continue;
    if (change.removed || change.entry.embedder !== embedderId) scope.entries.delete(change.recordId);
    else scope.entries.set(change.recordId, change.entry);
  }
  scope.caughtUpTo = startedAt;
}

/** Drops the least recently searched scopes while more than `maxCachedVectors` are kept. */
function evict() {
  let total = 0;
  for (const scope of cached.values()) total += scope.entries.size;
  for (const [key, scope] of cached) {
    if (total <= maxCachedVectors || cached.size === 1) break;
    total -= scope.entries.size;
    cached.delete(key);
  }
}

/**
 * The current vectors of one embedding type in an organization, made by `embedderId`: the first
 * search (and one every `reloadAfterMs`) loads them — 4 parallel shard Queries —, every other reads
 * the change feed since the previous one — 1 Query.
 */
export async function organizationVectors(
  apiKey: string,
  organizationId: string,
  type: EmbeddingType,
  embedderId: string,
): Promise<Iterable<VectorEntry>> {
  // By the feed's partition: a re-created organization (a new incarnation) is another scope.
  const key = JSON.stringify([
    keys.judgmentVectorChanges(apiKey, organizationId, type).partition,
    embedderId,
  ]);
  let scope = cached.get(key);
  if (scope && nowMs() - scope.loadedAt > reloadAfterMs) scope = undefined;
  if (!scope) {
    scope = await load(apiKey, organizationId, type, embedderId);
    cached.set(key, scope);
  } else {
    const current = scope;
    // A failed catch-up fails its own search only: the next one starts from the same point.
    const run = current.refresh
      .catch(() => undefined)
      .then(() => catchUp(current, apiKey, organizationId, type, embedderId));
    current.refresh = run;
    await run;
  }
  // Map order is insertion order: re-inserting marks the scope as the most recently searched.
  cached.delete(key);
  cached.set(key, scope);
  evict();
  return scope.entries.values();
}

/** Forgets every cached scope, as a new container would start (tests compare the two paths). */
export function clearVectorCache() {
  cached.clear();
}
