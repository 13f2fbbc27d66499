import { env } from '../config/env';
import { withIncarnations } from '../db/incarnations';
import {
  claimEraseJob,
  completeEraseJob,
  findEraseJob,
  holdEraseLease,
  renewEraseLease,
} from '../lifecycle/repository';
import type { EraseMessage } from '../lifecycle/schemas';
import type { EraseCursor, EraseScope, ScopeEraser } from '../plugins/eraser';
import type { WorkerContext } from '../queues/define-worker';
import { sendToQueue } from '../queues/send';
import { runInJobSlot } from '../quotas/job-slots';
import { jobLeaseMs, keepLease } from '../reconcile/lease';
import { closeUserConnections } from '../sockets/closing';
import { apiKeyCaller } from '../workspace/credentials';
import { eraseUserBatch, type UserEraseCursor } from './user-erasure';

/** Work one invocation does before handing over to a fresh message (as a migration's). */
const defaultBudgetMs = 5 * 60 * 1000;

export interface EraseRunOptions {
  /** Every domain's eraser in running order (the composition root's list, functions/workers/erasers.ts). */
  erasers: readonly ScopeEraser[];
  budgetMs?: number;
  now?: () => number;
  leaseMs?: number;
  /** How long after the job's creation its last pass starts (default `ERASE_SETTLE_SECONDS`). */
  settleMs?: number;
}

/**
 * Runs one erasure job (a message on the background-job queue) in a worker slot of its API key
 * (shared/quotas/job-slots.ts: past the key's cap it waits, lease kept); every step is safe to repeat:
 * - no job: the delete call's transaction failed, or the job was erased meanwhile: nothing to do;
 * - `completed`: nothing to do; `pending`: claim it (→ `in_progress`);
 * - a pass: every eraser over every target, batch after batch, until none finds anything. Erased
 *   records are gone, so a resumed pass re-lists only what is left;
 * - a pass that started before the settle time (`ERASE_SETTLE_SECONDS` after the delete) is
 *   followed by another, after a delay, for a write that passed the fence check just before the
 *   delete landed and arrived after its eraser; a pass that started after it completes the job,
 *   lifting the fence.
 * Past the time budget the run hands over to a fresh message. The lease is renewed before each
 * batch when half of it is gone (with the counts erased since); the reconciler resumes a job whose
 * lease ran out (shared/lifecycle/reconcile.ts).
 */
export function runErase(
  message: EraseMessage,
  context: Pick<WorkerContext, 'log'>,
  options: EraseRunOptions,
): Promise<void> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? jobLeaseMs();
  const { apiKey, jobId } = message;
  return runInJobSlot(
    { apiKey, slotId: `erase:${jobId}`, waitingSince: message.sentAt },
    () => erase(message, context, options),
    async (delaySeconds) => {
      const at = now();
      await holdEraseLease(apiKey, jobId, at + leaseMs, at + leaseMs / 2, at);
      await sendToQueue('document-migration', message, delaySeconds);
    },
    now(),
  );
}

/** `runErase`'s run, in a worker slot of the job's API key. */
async function erase(
  message: EraseMessage,
  context: Pick<WorkerContext, 'log'>,
  options: EraseRunOptions,
): Promise<void> {
  const { erasers } = options;
  const now = options.now ?? Date.now;
  const deadline = now() + (options.budgetMs ?? defaultBudgetMs);
  const leaseMs = options.leaseMs ?? jobLeaseMs();
  const settleMs = options.settleMs ?? env().ERASE_SETTLE_SECONDS * 1000;
  const { apiKey, jobId } = message;
  let job = await findEraseJob(apiKey, jobId);
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  if (job.status === 'pending') {
    const leaseUntil = now() + leaseMs;
    if (!(await claimEraseJob(apiKey, jobId, leaseUntil, now()))) return erase(message, context, options);
    job = { ...job, status: 'in_progress', leaseUntil, resumes: undefined };
  }
  let erased: Record<string, number> = {};
  const lease = keepLease(
    job,
    async (until, progressed, at) => {
      const renewed = await renewEraseLease(apiKey, jobId, until, progressed, at, erased);
      if (renewed) erased = {};
      return renewed;
    },
    now,
    leaseMs,
  );
  const passStart = now();
  let lastErased = 0;
  /** One batch after another until `batch` returns no cursor; false when the run must stop. */
  const batches = async <Cursor>(
    batch: (cursor?: Cursor) => Promise<{ erased: number; cursor?: Cursor }>,
  ) => {
    let cursor: Cursor | undefined;
    do {
      if (!(await lease.keep(lastErased))) return false;
      if (now() > deadline) {
        context.log.info('erasure hands over to a new message', { jobId });
        await sendToQueue('document-migration', message);
        return false;
      }
      const result = await batch(cursor);
      lastErased = result.erased;
      cursor = result.cursor;
    } while (cursor);
    return true;
  };
  const add = (name: string, count: number) => {
    erased[name] = (erased[name] ?? 0) + count;
  };
  if (job.kind === 'user') {
    const { userId = '', organizationIds } = job;
    // A user's records are in the current incarnation of each organization (one GetItem a run).
    const incarnations = (await apiKeyCaller(apiKey))?.incarnations ?? {};
    const done = await batches<UserEraseCursor>(async (cursor) => {
      const batch = await withIncarnations(incarnations, () =>
        eraseUserBatch(apiKey, userId, organizationIds, cursor ?? { range: 0 }, now()),
      );
      for (const [feature, count] of Object.entries(batch.erased)) add(feature, count);
      const total = Object.values(batch.erased).reduce((sum, count) => sum + count, 0);
      return { erased: total, ...(batch.cursor && { cursor: batch.cursor }) };
    });
    if (!done) return;
    // Connections the user opened while the job ran are closed too (users/data/delete closed the
    // earlier ones), and their items deleted.
    await closeUserConnections(apiKey, userId, organizationIds);
    await renewEraseLease(apiKey, jobId, now() + leaseMs, false, now(), erased);
    if (await completeEraseJob(apiKey, job, `Every record of user ${userId} was erased.`, now()))
      context.log.info('user data erased', { jobId });
    return;
  }
  for (const { incarnations = {}, ...target } of job.targets) {
    const scope: EraseScope = { apiKey, ...target, deletedAt: job.createdAt };
    for (const eraser of erasers) {
      // Every key the eraser builds is the deleted incarnation's (decisions §41).
      const done = await batches<EraseCursor>((cursor) =>
        withIncarnations(incarnations, async () => {
          const batch = await eraser.eraseBatch(scope, cursor);
          add(eraser.name, batch.erased);
          return batch;
        }),
      );
      if (!done) return;
    }
  }
  const settledAt = job.createdAt + settleMs;
  if (passStart < settledAt) {
    // Counts of this pass are kept with the renewal before the next one.
    await renewEraseLease(apiKey, jobId, now() + leaseMs, lastErased > 0, now(), erased);
    await sendToQueue('document-migration', message, (settledAt - now()) / 1000);
    return;
  }
  await renewEraseLease(apiKey, jobId, now() + leaseMs, false, now(), erased);
  if (await completeEraseJob(apiKey, job, 'Every record of the deleted targets was erased.', now()))
    context.log.info('erasure completed', { jobId });
}
