import type { ErasedPage, EraseScope } from '../db/erase';

/**
 * The contract between the deletion cascade (addendum §10) and the domains that store records
 * under an organization or a document.
 *
 * Deleting an organization or a document makes it invisible in the call itself (the parent item is
 * deleted and the scope fenced, see `./fence.ts`); an erasure job then erases the rest, running
 * every domain's `ScopeEraser`, listed at the composition root (`functions/workers/erasers.ts`,
 * handed to the worker), over the scope. Erasers know their domain's keys through its repository,
 * the job knows none.
 *
 * How to add a domain: write `shared/<domain>/scope-eraser.ts` exporting a `ScopeEraser` (usually
 * `pagedEraser` over a repository function that erases one page from a start key), append it to
 * `scopeErasers` in `functions/workers/erasers.ts`, and give the domain a record in the cascade tests
 * (`test/integration/lifecycle/`).
 *
 * Rules, because a worker can die anywhere and SQS delivers at least once:
 * - `eraseBatch` is idempotent: deleting what is already gone is a no-op.
 * - Resuming needs no stored progress: a new run starts each eraser without a cursor and re-lists
 *   what is still there. The cursor only carries position within one run.
 * - A batch is bounded (one Query page and its deletes) so the run can stop between batches.
 * - Writes to a fenced scope are refused, so an eraser never meets a record of a re-created
 *   parent: it may erase everything it finds under the scope.
 */

export type { EraseScope };

/** An eraser's position within one run (JSON-compatible). */
export type EraseCursor = { readonly [field: string]: unknown };

/** What one batch erased, and where the next continues; no cursor: nothing is left. */
export interface EraseBatchResult {
  readonly erased: number;
  readonly cursor?: EraseCursor;
}

/** Erases one domain's records of an organization or a document (see the rules above). */
export interface ScopeEraser {
  /** Short name used in logs and the job's counts, e.g. `activities`. */
  readonly name: string;
  eraseBatch(scope: EraseScope, cursor?: EraseCursor): Promise<EraseBatchResult>;
}

/**
 * An eraser over a repository function that erases one page of a scope's records from a start
 * key: the page's next key is the cursor of the following batch.
 */
export function pagedEraser(
  name: string,
  erasePage: (scope: EraseScope, startKey: Record<string, unknown> | undefined) => Promise<ErasedPage>,
): ScopeEraser {
  return {
    name,
    async eraseBatch(scope, cursor) {
      const page = await erasePage(scope, cursor?.startKey as Record<string, unknown> | undefined);
      return { erased: page.erased, ...(page.nextKey && { cursor: { startKey: page.nextKey } }) };
    },
  };
}

/** The page of an eraser with nothing to do for a scope (e.g. an organization-wide domain and a document). */
export const nothingToErase = async (): Promise<ErasedPage> => ({ erased: 0 });
