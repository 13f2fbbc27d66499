import { AsyncLocalStorage } from 'node:async_hooks';
import * as z from 'zod/mini';
import { buildSchema } from '../core/build-schema';

/**
 * Incarnations: an organization or document id re-created while the erasure of its previous
 * incarnation still runs gets a new incarnation number `n`, and every key built for it carries
 * `~n` in its organization (or document) segment (shared/db/keys.ts), so the new records never meet
 * the old ones and the old job erases only the old keys (decisions §41).
 *
 * The numbers are kept on the API key's credential item (`incarnations`, a map from
 * `incarnationEntry` to `n`, only for ids ever re-created that way), which API-key auth reads on
 * every request anyway. They reach the key builders through a context rather than through every
 * repository call: `defineEndpoint` runs each request in the caller's map, and every background
 * entry point runs in the map its message or job carries. With no context set every incarnation is
 * 0, i.e. the keys every id had before incarnations existed.
 */

/** Incarnation numbers by `incarnationEntry`; an id not in it is incarnation 0. */
export type Incarnations = Readonly<Record<string, number>>;

const noIncarnations: Incarnations = Object.freeze({});

const storage = new AsyncLocalStorage<Incarnations>();

/** An organization's (or one of its documents') name in an incarnation map: JSON of its ids. */
export const incarnationEntry = (organizationId: string, documentId?: string) =>
  JSON.stringify(documentId === undefined ? [organizationId] : [organizationId, documentId]);

/** Runs `work` with `incarnations` visible to every key built within it (including its async continuations). */
export function withIncarnations<T>(incarnations: Incarnations, work: () => T): T {
  return storage.run(incarnations, work);
}

/** The incarnation map of the running request or job (empty when none was set). */
export const currentIncarnations = (): Incarnations => storage.getStore() ?? noIncarnations;

/** The current incarnation of an organization (no `documentId`) or of one of its documents. */
export const incarnationOf = (organizationId: string, documentId?: string): number =>
  currentIncarnations()[incarnationEntry(organizationId, documentId)] ?? 0;

/**
 * The entries of `incarnations` that concern one organization (and, for a whole organization, all
 * of its documents): what a job about it must carry to build the same keys later.
 */
export function incarnationsWithin(
  incarnations: Incarnations,
  organizationId: string,
  documentId?: string,
): Record<string, number> {
  const own = incarnationEntry(organizationId, documentId);
  const documentsPrefix = `${incarnationEntry(organizationId).slice(0, -1)},`;
  return Object.fromEntries(
    Object.entries(incarnations).filter(
      ([entry]) =>
        entry === own ||
        entry === incarnationEntry(organizationId) ||
        (documentId === undefined && entry.startsWith(documentsPrefix)),
    ),
  );
}

/** The schema of an incarnation map as stored on credentials, jobs and messages. */
export const incarnationMap = /* @__PURE__ */ buildSchema(() =>
  z.record(z.string(), z.int().check(z.positive())),
);
