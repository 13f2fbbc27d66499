import type * as z from 'zod/mini';
import { nowMs } from '../core/clock';
import { incarnationEntry } from '../db/incarnations';
import { decodePageToken, encodePageToken } from '../db/page-token';
import { startedEarly } from '../db/parallel';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { deleteInBackground, recreateFenced } from '../lifecycle/service';
import { isFenced } from '../plugins/fence';
import { closeDeletedDocuments } from '../sockets/closing';
import {
  findOrganizations,
  listOrganizations,
  organizationDelete,
  organizationPut,
  writeAll,
} from './repository';
import type {
  addOrganizationsInput,
  deleteOrganizationsInput,
  getOrganizationsInput,
  OrganizationRecord,
} from './schemas';

/** Per-item outcome of a batch operation (base contract rule 5). */
export interface ItemResult {
  success: boolean;
  id: string;
  message: string;
}

const view = (organization: OrganizationRecord) => ({
  ...organization.metadata,
  id: organization.organizationId,
  organizationName: organization.organizationName,
  disabled: organization.disabled,
});

/** Starts `addOrganizations`' read by the API key and the input alone (a route's prefetch: one BatchGet). */
export const readOrganizationAddition = (apiKey: string, input: z.output<typeof addOrganizationsInput>) =>
  startedEarly(
    findOrganizations(
      apiKey,
      input.organizations.map((organization) => organization.organizationId),
    ),
  );

/**
 * Creates organizations, or updates the name and metadata of existing ones (one BatchGet, one
 * transaction per 100). Extra fields are kept as metadata. An organization whose deleted data is
 * still being erased is created in its next incarnation (shared/db/incarnations.ts): empty, while
 * the job erases the old one; those are written with the incarnation bump in one transaction
 * (ABORTED when another request re-created one of them at the same time). `started` is
 * `readOrganizationAddition`'s read, when already started.
 */
export const addOrganizations = /* @__PURE__ */ prefetchable(
  readOrganizationAddition,
  async (caller, input, started) => {
    const now = nowMs();
    const existing = new Map((await started).map((found) => [found.organizationId, found]));
    const results: Record<string, ItemResult> = {};
    const put = ({ organizationId, organizationName, ...metadata }: (typeof input.organizations)[number]) => {
      const stored = existing.get(organizationId);
      results[organizationId] = {
        success: true,
        id: organizationId,
        message: stored ? 'Organization updated.' : 'Organization added.',
      };
      return organizationPut(caller.apiKey, {
        organizationId,
        organizationName: organizationName ?? stored?.organizationName ?? organizationId,
        disabled: stored?.disabled ?? false,
        metadata: { ...stored?.metadata, ...metadata },
        createdAt: stored?.createdAt ?? now,
        lastUpdated: now,
      });
    };
    const fenced = input.organizations.filter((organization) =>
      isFenced(caller, organization.organizationId),
    );
    const writes = input.organizations.filter((organization) => !fenced.includes(organization)).map(put);
    if (fenced.length > 0)
      await recreateFenced(
        caller,
        fenced.map(({ organizationId }) => incarnationEntry(organizationId)),
        () => fenced.map(put),
      );
    if (writes.length > 0) await writeAll(writes);
    return results;
  },
);

/**
 * Given organizations (one BatchGet), or a page of all of them in id order. Needs only the API key
 * and the input, so a route runs it whole as its prefetch.
 */
export async function getOrganizations(
  caller: Pick<ApiKeyCaller, 'apiKey'>,
  input: z.output<typeof getOrganizationsInput>,
) {
  if (input.organizationIds) {
    const found = await findOrganizations(caller.apiKey, input.organizationIds);
    const order = new Map(input.organizationIds.map((id, index) => [id, index]));
    found.sort((a, b) => (order.get(a.organizationId) ?? 0) - (order.get(b.organizationId) ?? 0));
    return { data: found.map(view), nextPageToken: undefined };
  }
  const binding = { owner: `apiKey:${caller.apiKey}`, query: { list: 'organizations' } };
  const startKey = input.pageToken ? decodePageToken(input.pageToken, binding) : undefined;
  const page = await listOrganizations(caller.apiKey, input.pageSize, startKey);
  return {
    data: page.organizations.map(view),
    nextPageToken: page.nextKey ? encodePageToken(page.nextKey, binding) : undefined,
  };
}

/** Starts `deleteOrganizations`' read by the API key and the input alone (a route's prefetch: one BatchGet). */
export const readOrganizationDeletion = (apiKey: string, input: z.output<typeof deleteOrganizationsInput>) =>
  startedEarly(findOrganizations(apiKey, input.organizationIds));

/**
 * Deletes organizations with everything stored under them (addendum §10): the organizations
 * vanish in this call (their items deleted and their ids fenced, one transaction) and one erasure
 * job erases every domain's records in the background. A missing organization is
 * `success: false`; an organization still being erased is missing. `started` is
 * `readOrganizationDeletion`'s read, when already started.
 */
export const deleteOrganizations = /* @__PURE__ */ prefetchable(
  readOrganizationDeletion,
  async (caller, input, started) => {
    const existing = new Set((await started).map((o) => o.organizationId));
    const results: Record<string, ItemResult> = {};
    for (const organizationId of new Set(input.organizationIds)) {
      results[organizationId] = existing.has(organizationId)
        ? { success: true, id: organizationId, message: 'Organization deleted.' }
        : { success: false, id: organizationId, message: 'Organization does not exist.' };
    }
    if (existing.size > 0) {
      await deleteInBackground(
        caller.apiKey,
        'organization',
        [...existing].map((organizationId) => ({ organizationId })),
        [...existing].map((organizationId) => organizationDelete(caller.apiKey, organizationId)),
      );
      // Connected clients learn at once (addendum §9). The job's realtime eraser closes any
      // connection left (a connect beside this call, a crash before the close) and deletes its items.
      await Promise.all(
        [...existing].map((organizationId) => closeDeletedDocuments(caller.apiKey, organizationId)),
      );
    }
    return results;
  },
);
