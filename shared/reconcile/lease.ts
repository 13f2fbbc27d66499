import { env } from '../config/env';

/**
 * How long a job may go without progress before the reconciler resumes it (`JOB_LEASE_SECONDS`,
 * 15 minutes by default): longer than a healthy worker ever goes between renewals (half a lease,
 * checked before every batch, one batch taking seconds) and than the hand-over to a fresh message
 * every 5 minutes.
 */
export const jobLeaseMs = () => env().JOB_LEASE_SECONDS * 1000;

/** A running job's lease as one worker run keeps it (see `keepLease`). */
export interface LeaseKeeper {
  /**
   * Called before each step of the run with the records the previous batch moved. Renews the lease
   * when less than half of it is left, or once as soon as a resumed job has moved records (which
   * clears its resume count: the resume worked); otherwise writes nothing. False when the job is
   * no longer `in_progress` (ended by another run, or failed by the reconciler): stop the run.
   */
  keep(moved: number): Promise<boolean>;
}

/** The lease fields of a leased job (migration, erasure). */
export interface LeasedJob {
  readonly leaseUntil?: number;
  readonly resumes?: number;
}

/**
 * Renews a job's lease to `until` (one conditional write), clearing its resume count when
 * `progressed`; false when the job is no longer `in_progress`.
 */
export type RenewLease = (until: number, progressed: boolean, now: number) => Promise<boolean>;

/**
 * Keeps the lease of `job` (as read at the start of the run, or as just claimed) for one worker
 * run, renewing it with `renew` (the job's repository). A job written before leases existed has
 * none and gets one at its first step.
 */
export function keepLease(
  job: LeasedJob,
  renew: RenewLease,
  now: () => number,
  leaseMs: number = jobLeaseMs(),
): LeaseKeeper {
  let until = job.leaseUntil ?? 0;
  let resumed = (job.resumes ?? 0) > 0;
  return {
    async keep(moved) {
      const progressed = resumed && moved > 0;
      if (!progressed && until - now() >= leaseMs / 2) return true;
      const next = now() + leaseMs;
      if (!(await renew(next, progressed, now()))) return false;
      until = next;
      if (progressed) resumed = false;
      return true;
    },
  };
}

/**
 * The UpdateItem parts that claim a pending job: `in_progress`, its lease renewed to `lease`, its
 * resume count cleared; on condition that it is still `pending`. Shared by the erasure and recover
 * job repositories (`#status` names `status`).
 */
export function claimUpdate(lease: { leaseUntil: number; gsi7pk: string; gsi7sk: string }, now: number) {
  return {
    UpdateExpression:
      'SET #status = :inProgress, leaseUntil = :until, gsi7pk = :duePk, gsi7sk = :dueSk, updatedAt = :now REMOVE resumes',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeValues: {
      ':inProgress': 'in_progress',
      ':pending': 'pending',
      ':until': lease.leaseUntil,
      ':duePk': lease.gsi7pk,
      ':dueSk': lease.gsi7sk,
      ':now': now,
    },
  };
}

/**
 * The UpdateItem parts that count one resume of an overdue job and extend its lease to `lease`
 * (its end and due-index keys), on condition that the job is still `pending` or `in_progress` with
 * the lease end the reconciler read: of two sweeps racing, or a sweep and a worker renewing, only
 * one gets through. Shared by the migration and erasure job repositories (`#status` names `status`).
 */
export function resumeUpdate(
  lease: { leaseUntil: number; gsi7pk: string; gsi7sk: string },
  read: number,
  now: number,
) {
  return {
    UpdateExpression:
      'SET resumes = if_not_exists(resumes, :zero) + :one, leaseUntil = :until, gsi7pk = :duePk, gsi7sk = :dueSk, updatedAt = :now',
    ConditionExpression: '#status IN (:pending, :inProgress) AND leaseUntil = :read',
    ExpressionAttributeValues: {
      ':zero': 0,
      ':one': 1,
      ':until': lease.leaseUntil,
      ':duePk': lease.gsi7pk,
      ':dueSk': lease.gsi7sk,
      ':now': now,
      ':pending': 'pending',
      ':inProgress': 'in_progress',
      ':read': read,
    },
  };
}

/**
 * The UpdateItem parts that renew a running job's lease to `lease` (its end and due-index keys),
 * on condition that the job is still `in_progress`, clearing its resume count when `progressed`.
 * `extra` SET assignments and their values ride along in the same write. Shared by the migration
 * and erasure job repositories (`#status` names `status`).
 */
export function renewUpdate(
  lease: { leaseUntil: number; gsi7pk: string; gsi7sk: string },
  progressed: boolean,
  now: number,
  extra: { assignments: readonly string[]; values: Readonly<Record<string, unknown>> } = {
    assignments: [],
    values: {},
  },
) {
  const assignments = ['leaseUntil = :until', 'gsi7pk = :duePk', 'gsi7sk = :dueSk', 'updatedAt = :now'];
  return {
    UpdateExpression: `SET ${[...assignments, ...extra.assignments].join(', ')}${progressed ? ' REMOVE resumes' : ''}`,
    ConditionExpression: '#status = :inProgress',
    ExpressionAttributeValues: {
      ':until': lease.leaseUntil,
      ':duePk': lease.gsi7pk,
      ':dueSk': lease.gsi7sk,
      ':now': now,
      ':inProgress': 'in_progress',
      ...extra.values,
    },
  };
}

/**
 * The UpdateItem parts that keep a waiting job's lease (shared/quotas/job-slots.ts: its key holds
 * every worker slot) until `lease`, on condition that the job is still `pending` or `in_progress`
 * and less than half of its lease is left (`halfway`): most waits then change nothing, and the
 * reconciler never takes a waiting job for a stalled one. Shared by the migration and erasure job
 * repositories (`#status` names `status`).
 */
export function holdUpdate(
  lease: { leaseUntil: number; gsi7pk: string; gsi7sk: string },
  halfway: number,
  now: number,
) {
  return {
    UpdateExpression: 'SET leaseUntil = :until, gsi7pk = :duePk, gsi7sk = :dueSk, updatedAt = :now',
    ConditionExpression: '#status IN (:pending, :inProgress) AND leaseUntil < :halfway',
    ExpressionAttributeValues: {
      ':until': lease.leaseUntil,
      ':duePk': lease.gsi7pk,
      ':dueSk': lease.gsi7sk,
      ':now': now,
      ':pending': 'pending',
      ':inProgress': 'in_progress',
      ':halfway': halfway,
    },
  };
}
