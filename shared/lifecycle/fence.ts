import type { ApiKeyCaller } from '../http/caller';
import { ApiError } from '../http/errors';
import type { EraseTarget } from './schemas';

/**
 * Fences: while an erasure job runs, its targets are listed on the API key's credential item
 * (`erasing`, a string set), which API-key auth reads anyway, so every request knows them without
 * another round trip. A request naming a fenced organization or document is refused, so nothing
 * of the old records can be read, and nothing new written among them, until the job completes and
 * lifts the fence. Then the id is free and starts empty.
 */

/** Most targets an API key may have fenced at once (the credential item stays small). */
export const maxFencedTargets = 1000;

/** A target's entry in the `erasing` set: JSON of `[organizationId]` or `[organizationId, documentId]`. */
export const fenceEntry = (target: EraseTarget) =>
  JSON.stringify(
    target.documentId === undefined ? [target.organizationId] : [target.organizationId, target.documentId],
  );

/** Whether an organization, or a document of it, is being erased. */
export function isFenced(caller: Pick<ApiKeyCaller, 'erasing'>, organizationId: string, documentId?: string) {
  if (caller.erasing.size === 0) return false;
  if (caller.erasing.has(fenceEntry({ organizationId }))) return true;
  return documentId !== undefined && caller.erasing.has(fenceEntry({ organizationId, documentId }));
}

/**
 * Refuses a request whose `organizationId` (and `documentId`) names a fenced target: NOT_FOUND for
 * reads (the parent is deleted; its records are invisible), ABORTED for writes (retry once the
 * erasure completes, usually within seconds).
 */
export function assertNotFenced(caller: ApiKeyCaller, input: unknown, writes: boolean): void {
  if (caller.erasing.size === 0 || typeof input !== 'object' || input === null) return;
  const { organizationId, documentId } = input as { organizationId?: unknown; documentId?: unknown };
  if (typeof organizationId !== 'string') return;
  const document = typeof documentId === 'string' ? documentId : undefined;
  if (!isFenced(caller, organizationId, document)) return;
  const what = caller.erasing.has(fenceEntry({ organizationId }))
    ? `Organization ${organizationId}`
    : `Document ${document}`;
  if (!writes) throw new ApiError('NOT_FOUND', `${what} was deleted.`);
  throw new ApiError(
    'ABORTED',
    `${what} was deleted and its data is still being erased; retry in a few seconds to create it again.`,
  );
}
