import { env } from '../config/env';

/**
 * The contract between document migration and the domains that own document-scoped records.
 *
 * A migration (addendum §6) moves every record of document `from` to document `to` within one
 * organization of one API key. It knows nothing about keys or items: each domain that stores
 * document-scoped records contributes one `DocumentRecordMover`, listed at the composition root
 * (`functions/workers/movers.ts`, handed to the worker), whose functions call that domain's
 * repository (only the repository talks to DynamoDB; key formats stay in `shared/db/keys.ts`).
 *
 * How to add a mover for a new domain's records:
 * 1. In the domain's repository add what the mover needs, e.g. `hasRecordsForDocument` (a Query
 *    with `Limit: 1` on the domain's document listing) and `moveRecordsOfDocument` (one batch).
 * 2. Write `shared/<domain>/document-mover.ts` exporting a `DocumentRecordMover` built from them.
 * 3. Append it to `documentRecordMovers` in `functions/workers/movers.ts` and add a record of the
 *    domain to the happy-path test in `test/integration/migration/`.
 *
 * Rules every mover follows, because SQS delivers at least once and a worker can die anywhere:
 * - `moveBatch` is idempotent: running it again after a crash, or twice at the same time for the
 *   same move (a duplicate message), neither loses nor duplicates a record. Keyed-by-id records are
 *   updated in place with a condition on the old document id; re-keyed records are copied with a
 *   plain put of the new-keyed item and the source is deleted only after its copy is written.
 * - Resuming needs no stored progress: a batch re-lists what is still under `from` (moved records
 *   are no longer there). The cursor only carries position within one worker run.
 * - A batch is bounded (≈ 100 records or one Query page), so the worker can stop between batches
 *   when its time budget runs out and continue in a new invocation.
 */

/**
 * Records per batch of a mover whose own batch is `ownSize`: no more than `MIGRATION_BATCH_RECORDS`
 * when the operator set it (smaller transactions), else `ownSize`.
 */
export const moverBatchSize = (ownSize: number): number =>
  Math.min(ownSize, env().MIGRATION_BATCH_RECORDS ?? ownSize);

/** One document's move within an organization of an API key. */
export interface DocumentMove {
  readonly apiKey: string;
  readonly organizationId: string;
  /** The document id records are moved away from. */
  readonly from: string;
  /** The document id records are moved to. */
  readonly to: string;
}

/** A mover's position within one worker run (JSON-compatible: a start key, a phase). */
export type MoveCursor = { readonly [field: string]: unknown };

/** What one batch did, and where the next batch continues; no cursor means nothing is left. */
export interface MoveBatchResult {
  /** Records moved by this batch (for logs and the completion message). */
  readonly moved: number;
  readonly cursor?: MoveCursor;
}

/** Moves one domain's records of a document (see the rules above). */
export interface DocumentRecordMover {
  /** Short name used in logs and the job's completion message, e.g. `activities`. */
  readonly name: string;
  /**
   * Moved in the first pass only: a record of it under the old id later is a new one, not part of
   * the move (the document item: the old id re-created meanwhile). Other movers are swept again.
   */
  readonly firstPassOnly?: boolean;
  /**
   * Whether any record of this domain exists under `documentId`. The worker asks every mover about
   * the target before moving anything; any `true` fails the migration with nothing changed.
   */
  hasRecords(apiKey: string, organizationId: string, documentId: string): Promise<boolean>;
  /**
   * Moves the next batch of records from `move.from` to `move.to`. `cursor` is what the previous
   * batch of the same run returned (absent on the first call of a run).
   */
  moveBatch(move: DocumentMove, cursor?: MoveCursor): Promise<MoveBatchResult>;
}

/** Whether any record is stored under a document id (one domain's, or every domain's). */
export type DocumentRecordProbe = (
  apiKey: string,
  organizationId: string,
  documentId: string,
) => Promise<boolean>;

/** Whether any of the movers' domains holds a record of the document (their checks in parallel). */
export function holdsAnyRecord(movers: readonly DocumentRecordMover[]): DocumentRecordProbe {
  return async (apiKey, organizationId, documentId) =>
    (await Promise.all(movers.map((mover) => mover.hasRecords(apiKey, organizationId, documentId)))).includes(
      true,
    );
}

/** A page of moved records and the key to continue from (none: the last page). */
export interface MovedPage {
  readonly moved: number;
  readonly nextKey?: Record<string, unknown>;
}

/**
 * A mover over a repository function that moves one page of records from a start key: the page's
 * next key is the cursor of the following batch.
 */
export function pagedMover(
  name: string,
  hasRecords: DocumentRecordMover['hasRecords'],
  movePage: (move: DocumentMove, startKey: Record<string, unknown> | undefined) => Promise<MovedPage>,
): DocumentRecordMover {
  return {
    name,
    hasRecords,
    async moveBatch(move, cursor) {
      const page = await movePage(move, cursor?.startKey as Record<string, unknown> | undefined);
      return { moved: page.moved, ...(page.nextKey && { cursor: { startKey: page.nextKey } }) };
    },
  };
}
