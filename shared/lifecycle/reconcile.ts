import type { logger } from '../core/logger';
import { entities } from '../db/entities';
import { sendToQueue } from '../queues/send';
import { jobLeaseMs } from '../reconcile/lease';
import type { DueHandler } from '../reconcile/reconciler';
import { dueEraseJob, resumeEraseJob } from './repository';
import type { EraseMessage } from './schemas';

/** Resumes without progress after which each further resume is logged as an error. */
const alarmingResumes = 3;

/**
 * Puts one overdue erasure job back on its way: counts a resume and extends its lease (one
 * conditional UpdateItem on the lease end read, so racing sweeps resume once), then re-sends its
 * message. An erasure is never given up — its targets stay fenced until it completes — so a job
 * that keeps stalling is resumed again and logged as an error for an operator.
 */
async function reconcileJob(item: Record<string, unknown>, now: number, log: typeof logger) {
  const due = dueEraseJob(item);
  if (!due) {
    log.error('unreadable erasure job in the due index', { pk: item.pk, sk: item.sk });
    return false;
  }
  const { apiKey, job } = due;
  const { leaseUntil } = job;
  if ((job.status !== 'pending' && job.status !== 'in_progress') || leaseUntil === undefined) return false;
  if (leaseUntil > now) return false;
  if (!(await resumeEraseJob(apiKey, { ...job, leaseUntil }, now + jobLeaseMs(), now))) return false;
  const message: EraseMessage = { kind: 'erase', apiKey, jobId: job.jobId, sentAt: job.createdAt };
  await sendToQueue('document-migration', message);
  const resumes = (job.resumes ?? 0) + 1;
  if (resumes >= alarmingResumes)
    log.error('erasure job keeps stalling; resumed again', { jobId: job.jobId, resumes });
  else log.info('erasure job resumed', { jobId: job.jobId, resumes });
  return true;
}

/**
 * The reconciler's handler of erasure jobs (entity `eraseJob`, registered in
 * functions/workers/due-handlers.ts). Returns how many jobs it resumed.
 */
export const eraseJobDueHandler: DueHandler = {
  entity: entities.eraseJob.name,
  async handle(items, now, log) {
    // A failure is the item's: the reconciler backs it off and quarantines it after repeated failures.
    const outcomes = await Promise.all(items.map((item) => reconcileJob(item, now, log)));
    return outcomes.filter(Boolean).length;
  },
};
