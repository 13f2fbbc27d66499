import { withIncarnations } from '../db/incarnations';
import { metricNames } from '../observability/metric-names';
import { recordMetric } from '../observability/metrics';
import type { DocumentMove, DocumentRecordMover, MoveCursor } from '../plugins/mover';
import type { WorkerContext } from '../queues/define-worker';
import { sendToQueue } from '../queues/send';
import { runInJobSlot } from '../quotas/job-slots';
import { jobLeaseMs, keepLease } from '../reconcile/lease';
import { closeMigratedDocument } from '../sockets/closing';
import {
  claimJob,
  completeJob,
  failJob,
  findJob,
  holdLease,
  markTargetChecked,
  recordProgress,
  renewLease,
} from './repository';
import type { MigrationJob, MigrationMessage } from './schemas';

/** How long a message may wait for its job item (written just after the send) before it is dropped. */
const jobWriteGraceMs = 60_000;

/**
 * Batches between two writes of the job's per-domain counts while it moves (the status route shows
 * them): one UpdateItem per ten batches (≈ 1,000 records), not one per batch. A count, not a time,
 * so a run's DynamoDB calls are the same however fast the machine is.
 */
const defaultProgressEveryBatches = 10;

/** Delay before a message whose job is not written yet is looked at again. */
const jobWriteRetrySeconds = 5;

/**
 * Work one invocation does before handing over to a fresh message: well below the worker's
 * timeout (10 minutes, shared/queues/queues.ts), so a long migration is never cut off mid-batch
 * by Lambda and never counts its hand-overs as failed receives.
 */
const defaultBudgetMs = 5 * 60 * 1000;

export interface MigrationRunOptions {
  /** Every domain's mover in running order (the composition root's list, functions/workers/movers.ts). */
  movers: readonly DocumentRecordMover[];
  budgetMs?: number;
  now?: () => number;
  /** The job lease's length (default `JOB_LEASE_SECONDS`). */
  leaseMs?: number;
  /** Batches between two writes of the job's counts (default 10). */
  progressEveryBatches?: number;
}

/**
 * Extra passes over the domains that got records under the old id while the migration ran (a
 * write that landed after its mover had passed); past them, what still arrives stays behind.
 */
const maxSweeps = 3;

/** The movers that hold records under a document id (asked in parallel). */
async function moversWithRecords(
  movers: readonly DocumentRecordMover[],
  move: DocumentMove,
  documentId: string,
) {
  const found = await Promise.all(
    movers.map(async (mover) =>
      (await mover.hasRecords(move.apiKey, move.organizationId, documentId)) ? mover.name : undefined,
    ),
  );
  return found.filter((name): name is string => name !== undefined);
}

/**
 * Runs one migration job (the `document-migration` queue's consumer) in a worker slot of its API key
 * (shared/quotas/job-slots.ts: past the key's cap it waits, lease kept); every step is safe to repeat,
 * so a redelivered or duplicated message resumes or does nothing:
 * - no job yet: the migrate request wrote its message first; look again shortly, drop after a grace;
 * - `completed` / `failed`: nothing to do;
 * - `pending`: claim it (→ `in_progress`, locks on both documents; another running migration
 *   holding one fails this job with nothing changed);
 * - `in_progress`, target not checked: if any mover has records under the new id the job fails
 *   (locks released, nothing changed), else the check is recorded and moving starts;
 * - moving: every mover, batch after batch, until none is left; then the domains that got records
 *   under the old id meanwhile are swept again (up to `maxSweeps` times); then `completed` (locks
 *   released).
 *   Moved records are no longer under the old id, so a resumed run re-lists only what is left.
 *   Past the time budget, the run hands over to a fresh message and ends.
 * The per-domain counts of moved records (`moved`, shown by the status route) are written every
 * `progressEveryBatches` batches, at a hand-over and with the completion.
 * The job's lease (shared/reconcile/lease.ts) is renewed by the claim and, before each step, when
 * less than half of it is left; a job whose lease runs out is resumed by the reconciler
 * (shared/migration/reconcile.ts), and a run finding its job failed meanwhile stops. Every key is
 * built in the incarnations the message carries (shared/db/incarnations.ts).
 */
export function runMigration(
  message: MigrationMessage,
  context: Pick<WorkerContext, 'log'>,
  options: MigrationRunOptions,
): Promise<void> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? jobLeaseMs();
  const { apiKey, organizationId, migrationId } = message;
  return runInJobSlot(
    { apiKey, slotId: `migration:${organizationId}:${migrationId}`, waitingSince: message.sentAt },
    () => withIncarnations(message.incarnations ?? {}, () => migrate(message, context, options)),
    async (delaySeconds) => {
      const at = now();
      await holdLease(apiKey, message, at + leaseMs, at + leaseMs / 2, at);
      await sendToQueue('document-migration', message, delaySeconds);
    },
    now(),
  );
}

/** `runMigration`'s run, in the message's incarnations. */
async function migrate(
  message: MigrationMessage,
  context: Pick<WorkerContext, 'log'>,
  options: MigrationRunOptions,
): Promise<void> {
  const { movers } = options;
  const now = options.now ?? Date.now;
  const deadline = now() + (options.budgetMs ?? defaultBudgetMs);
  const { apiKey, organizationId, migrationId } = message;
  const found = await findJob(apiKey, organizationId, migrationId);
  if (!found) {
    if (now() - message.sentAt < jobWriteGraceMs) {
      await sendToQueue('document-migration', message, jobWriteRetrySeconds);
    } else context.log.warn('migration job never written; message dropped', { migrationId });
    return;
  }
  let { job } = found;
  if (job.status === 'completed' || job.status === 'failed') return;
  const move: DocumentMove = { apiKey, organizationId, from: job.documentId, to: job.newDocumentId };
  const leaseMs = options.leaseMs ?? jobLeaseMs();
  if (job.status === 'pending') {
    const leaseUntil = now() + leaseMs;
    const claim = await claimJob(apiKey, job, leaseUntil, now());
    if (claim === 'not-pending') return migrate(message, context, options);
    if (claim === 'locked') {
      await failJob(apiKey, job, 'pending', lockedMessage(job), now());
      return;
    }
    job = { ...job, status: 'in_progress', leaseUntil, resumes: undefined };
  }
  const running = job;
  const lease = keepLease(
    job,
    (until, progressed, at) => renewLease(apiKey, running, until, progressed, at),
    now,
    leaseMs,
  );
  const ended = () => {
    context.log.info('migration job ended meanwhile; run stops', { migrationId });
  };
  if (!found.targetChecked) {
    if (!(await lease.keep(0))) return ended();
    const occupied = await moversWithRecords(movers, move, job.newDocumentId);
    if (occupied.length > 0) {
      await failJob(apiKey, job, 'in_progress', occupiedMessage(job, occupied), now());
      return;
    }
    await markTargetChecked(apiKey, job, now());
  }
  // Counts carry over from earlier runs (hand-overs, resumes) as they last recorded them.
  const moved: Record<string, number> = { ...job.moved };
  let lastMoved = 0;
  const progressEveryBatches = options.progressEveryBatches ?? defaultProgressEveryBatches;
  let batchesSinceProgress = 0;
  const saveProgress = async () => {
    batchesSinceProgress = 0;
    return recordProgress(apiKey, running, moved, now());
  };
  let pending = movers;
  for (let sweep = 0; pending.length > 0; sweep += 1) {
    for (const mover of pending) {
      let cursor: MoveCursor | undefined;
      do {
        if (!(await lease.keep(lastMoved))) return ended();
        if (now() > deadline) {
          context.log.info('migration hands over to a new message', { migrationId, moved });
          if (!(await saveProgress())) return ended();
          await sendToQueue('document-migration', message);
          return;
        }
        const batch = await mover.moveBatch(move, cursor);
        moved[mover.name] = (moved[mover.name] ?? 0) + batch.moved;
        lastMoved = batch.moved;
        recordMetric(metricNames.migrationProgress, batch.moved);
        cursor = batch.cursor;
        batchesSinceProgress += 1;
        if (batchesSinceProgress >= progressEveryBatches && !(await saveProgress())) return ended();
      } while (cursor);
    }
    if (sweep === maxSweeps) break;
    // Records written under the old id after their mover passed.
    const left = await moversWithRecords(
      movers.filter((mover) => !mover.firstPassOnly),
      move,
      job.documentId,
    );
    pending = movers.filter((mover) => left.includes(mover.name));
  }
  const completed = await completeJob(
    apiKey,
    job,
    `Moved every record of document ${job.documentId} to ${job.newDocumentId}.`,
    moved,
    now(),
  );
  if (!completed) return ended();
  // Connections made to the old id while the job ran are closed (4404) and their items deleted.
  await closeMigratedDocument(apiKey, organizationId, job.documentId, job.newDocumentId);
  context.log.info('migration completed', { migrationId, moved });
}

const lockedMessage = (job: MigrationJob) =>
  `Document ${job.documentId} or ${job.newDocumentId} is part of another running migration; nothing was changed. Retry when it has finished.`;

const occupiedMessage = (job: MigrationJob, occupied: readonly string[]) =>
  `Document ${job.newDocumentId} already exists (it has ${occupied.join(', ')} records); nothing was changed.`;
