import { notFound } from '../core/errors';
import { startedEarly } from '../db/parallel';
import type { QueryRequestOutput } from '../db/query-page';
import { loadTree, startTreeRead } from './repository';
import { indexFolders } from './tree';

/**
 * Starts reading an organization's tree by the API key and the input alone (the first Query page;
 * a route's prefetch, or a read started together with others).
 */
export const readTree = (apiKey: string, input: { organizationId: string }) =>
  startedEarly(startTreeRead(apiKey, input.organizationId));

/** A `readTree` already started, handed to the service that finishes it. */
export type StartedTreeRead = Promise<QueryRequestOutput>;

/**
 * Loads an organization's tree; NOT_FOUND when the organization does not exist. `started` is
 * `readTree`'s, when already started.
 */
export async function requireTree(apiKey: string, organizationId: string, started?: StartedTreeRead) {
  const stored = await loadTree(apiKey, organizationId, started);
  if (!stored.organization) throw notFound(`Organization ${organizationId} does not exist.`);
  return { organization: stored.organization, folders: indexFolders(stored.folders) };
}
