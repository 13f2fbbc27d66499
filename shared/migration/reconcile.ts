import type { logger } from '../core/logger';
import { entities } from '../db/entities';
import { sendToQueue } from '../queues/send';
import { jobLeaseMs } from '../reconcile/lease';
import type { DueHandler } from '../reconcile/reconciler';
import { dueJob, failJob, resumeJob } from './repository';
import type { MigrationJob, MigrationMessage } from './schemas';

/**
 * Resumes in a row without progress after which a job is failed: its message was re-sent this many
 * times and no worker moved a record (or claimed it) in between.
 */
export const maxResumes = 3;

/** Jobs handled at the same time within one sweep (each: one write, maybe one send). */
const concurrency = 25;

type Item = Record<string, unknown>;

/**
 * What happened to one overdue job: `resumed` (its message re-sent), `failed` (stopped for good,
 * locks released), or `skipped` (it completed, was renewed or was handled by another sweep
 * meanwhile).
 */
type Outcome = 'resumed' | 'failed' | 'skipped';

/**
 * Puts one overdue job back on its way. Its lease ran out: no worker renewed it, so the chain of
 * messages broke (a message dead-lettered or lost, a worker that keeps dying). Still `pending` or
 * `in_progress` and overdue: fewer than `maxResumes` resumes so far → count a resume and extend
 * the lease (one conditional UpdateItem on the lease end read, so two racing sweeps resume once),
 * then re-send its message; otherwise → fail it (one transaction, same condition), releasing its
 * locks. Anything else is left alone.
 */
async function reconcileJob(item: Item, now: number, log: typeof logger): Promise<Outcome> {
  const due = dueJob(item);
  if (!due) {
    log.error('unreadable migration job in the due index', { pk: item.pk, sk: item.sk });
    return 'skipped';
  }
  const { apiKey, job, targetChecked } = due;
  const { leaseUntil } = job;
  // The read may be older than the index entry (or the reverse): re-check what it says.
  if ((job.status !== 'pending' && job.status !== 'in_progress') || leaseUntil === undefined)
    return 'skipped';
  if (leaseUntil > now) return 'skipped';
  const resumes = job.resumes ?? 0;
  const context = { migrationId: job.migrationId, status: job.status, resumes };
  if (resumes >= maxResumes) {
    const failed = await failJob(
      apiKey,
      job,
      job.status,
      stalledMessage(job, targetChecked),
      now,
      leaseUntil,
    );
    if (failed) log.warn('migration job failed: no progress after its resumes', context);
    return failed ? 'failed' : 'skipped';
  }
  if (!(await resumeJob(apiKey, { ...job, leaseUntil }, now + jobLeaseMs(), now))) return 'skipped';
  // Written first: if this send fails, the extended lease runs out and the next sweep tries again.
  const message: MigrationMessage = {
    apiKey,
    organizationId: job.organizationId,
    migrationId: job.migrationId,
    sentAt: job.createdAt,
    ...(job.incarnations && { incarnations: job.incarnations }),
  };
  await sendToQueue('document-migration', message);
  log.info('migration job resumed', { ...context, resumes: resumes + 1 });
  return 'resumed';
}

/**
 * What a job stopped for good says. Before its target check nothing has moved, and a new migration
 * can simply be started. After it, records moved so far are under the new id and the rest under
 * the old one; a new migration to the new id is refused while that id has records.
 */
function stalledMessage(job: MigrationJob, targetChecked: boolean): string {
  const stopped = `The migration stopped making progress and ${maxResumes} resumes did not restart it`;
  if (job.status === 'pending' || !targetChecked)
    return `${stopped}; nothing was changed. Start the migration again.`;
  return `${stopped}; nothing more will be moved. Records it moved stay under ${job.newDocumentId}, the rest stay under ${job.documentId}.`;
}

/**
 * The reconciler's handler of migration jobs (entity `migrationJob`, registered in
 * functions/workers/due-handlers.ts): resumes or fails every overdue job (see `reconcileJob`), a
 * few at a time. A job whose write or send throws fails its item (the reconciler backs it off). Returns
 * how many jobs it resumed or failed.
 */
export const migrationJobDueHandler: DueHandler = {
  entity: entities.migrationJob.name,
  async handle(items, now, log) {
    let handled = 0;
    for (let start = 0; start < items.length; start += concurrency) {
      // A failure is the item's: the reconciler backs it off and quarantines it after repeated failures.
      const outcomes = await Promise.all(
        items.slice(start, start + concurrency).map((item) => reconcileJob(item, now, log)),
      );
      handled += outcomes.filter((outcome) => outcome !== 'skipped').length;
    }
    return handled;
  },
};
