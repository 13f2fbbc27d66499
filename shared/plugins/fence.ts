import { ApiError } from '../core/errors';
import { type Incarnations, incarnationEntry } from '../db/incarnations';
import type { ApiKeyCaller } from '../http/caller';

/**
 * Fences: while an erasure job runs, its targets are listed on the API key's credential item
 * (`erasing`, a string set), which API-key auth reads anyway, so every request knows them without
 * another round trip. A request naming a fenced organization or document is refused, so nothing
 * of the old records can be read, and nothing new written among them, until the job completes and
 * lifts the fence. A fence names an incarnation (shared/db/incarnations.ts): re-creating the id
 * moves it to the next incarnation, which is not fenced and starts empty while the old one is erased.
 */

/**
 * An organization (no `documentId`) or one of its documents, as an erasure job names it (its
 * targets, shared/lifecycle/schemas.ts), with the incarnations it erases.
 */
export interface FenceTarget {
  readonly organizationId: string;
  readonly documentId?: string;
  readonly incarnations?: Incarnations;
}

/** Most targets an API key may have fenced at once (the credential item stays small). */
export const maxFencedTargets = 1000;

/**
 * A target's entry in the `erasing` set, in the incarnation `incarnations` gives it: JSON of
 * `[organizationId]` / `[organizationId, documentId]` in incarnation 0 (as before incarnations
 * existed), else `[organizationId, n]` / `[organizationId, documentId, n, m]` (organization's,
 * document's incarnation; numbers cannot be mistaken for ids).
 */
export function fenceEntry(
  target: Pick<FenceTarget, 'organizationId' | 'documentId'>,
  incarnations: Incarnations = {},
): string {
  const { organizationId, documentId } = target;
  const organization = incarnations[incarnationEntry(organizationId)] ?? 0;
  if (documentId === undefined)
    return JSON.stringify(organization === 0 ? [organizationId] : [organizationId, organization]);
  const document = incarnations[incarnationEntry(organizationId, documentId)] ?? 0;
  return JSON.stringify(
    organization === 0 && document === 0
      ? [organizationId, documentId]
      : [organizationId, documentId, organization, document],
  );
}

/** A job target's fence entry, in the incarnation the job erases. */
export const targetFenceEntry = (target: FenceTarget) => fenceEntry(target, target.incarnations);

/** Whether the caller's current incarnation of an organization (or of a document of it) is being erased. */
export function isFenced(
  caller: Pick<ApiKeyCaller, 'erasing' | 'incarnations'>,
  organizationId: string,
  documentId?: string,
) {
  if (caller.erasing.size === 0) return false;
  if (caller.erasing.has(fenceEntry({ organizationId }, caller.incarnations))) return true;
  return (
    documentId !== undefined &&
    caller.erasing.has(fenceEntry({ organizationId, documentId }, caller.incarnations))
  );
}

/**
 * Whether an earlier incarnation of a document (re-created while its erasure runs, decisions §46)
 * is still being erased. Meanwhile whatever finds a document's records by its id alone, where keys
 * carry no incarnation (access entries on user items, inbox entries), meets the old incarnation's
 * among the new ones: a migration is refused, `users.get` and `users.data.get` filter.
 */
export function erasingEarlierIncarnation(
  caller: Pick<ApiKeyCaller, 'erasing' | 'incarnations'>,
  organizationId: string,
  documentId: string,
): boolean {
  const entry = incarnationEntry(organizationId, documentId);
  const current = caller.incarnations[entry] ?? 0;
  for (let earlier = 0; earlier < current && caller.erasing.size > 0; earlier += 1) {
    const incarnations = { ...caller.incarnations, [entry]: earlier };
    if (caller.erasing.has(fenceEntry({ organizationId, documentId }, incarnations))) return true;
  }
  return false;
}

/**
 * Refuses a request whose `organizationId` (and `documentId`) names a fenced target: NOT_FOUND for
 * reads (the parent is deleted; its records are invisible), ABORTED for writes: either can be
 * created again at once (organizations/add, organizations/documents/add: a new incarnation), or
 * used again once its erasure completes. Routes that create a document implicitly
 * (`createDocument`) are refused too: they write records in the same call, before a bump could.
 */
export function assertNotFenced(caller: ApiKeyCaller, input: unknown, writes: boolean): void {
  if (caller.erasing.size === 0 || typeof input !== 'object' || input === null) return;
  const { organizationId, documentId } = input as { organizationId?: unknown; documentId?: unknown };
  if (typeof organizationId !== 'string') return;
  const document = typeof documentId === 'string' ? documentId : undefined;
  if (!isFenced(caller, organizationId, document)) return;
  const organization = caller.erasing.has(fenceEntry({ organizationId }, caller.incarnations));
  const what = organization ? `Organization ${organizationId}` : `Document ${document}`;
  if (!writes) throw new ApiError('NOT_FOUND', `${what} was deleted.`);
  const route = organization ? 'organizations/add' : 'organizations/documents/add';
  throw new ApiError(
    'ABORTED',
    `${what} was deleted and its data is still being erased; add it again (${route}) to use the id now.`,
  );
}
