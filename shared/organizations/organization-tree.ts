import { notFound } from '../http/errors';
import { loadTree } from './repository';
import { indexFolders } from './tree';

/** Loads an organization's tree; NOT_FOUND when the organization does not exist. */
export async function requireTree(apiKey: string, organizationId: string) {
  const stored = await loadTree(apiKey, organizationId);
  if (!stored.organization) throw notFound(`Organization ${organizationId} does not exist.`);
  return { organization: stored.organization, folders: indexFolders(stored.folders) };
}
