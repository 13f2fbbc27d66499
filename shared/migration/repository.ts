import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inTable, type TransactItem, transactWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { type ConditionalUpdate, updateIf } from '../db/conditional-updates';
import { entities } from '../db/entities';
import { dueIndexKeys } from '../db/entities/lifecycle';
import { type ErasedPage, erasePage } from '../db/erase';
import { keys } from '../db/keys';
import { withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import { holdUpdate, renewUpdate, resumeUpdate } from '../reconcile/lease';
import { type MigrationJob, migrationJob } from './schemas';

type JobRef = Pick<MigrationJob, 'organizationId' | 'migrationId'>;

const jobKey = (apiKey: string, job: JobRef) =>
  keys.migrationJob(apiKey, job.organizationId, job.migrationId);

/**
 * A job's lease ending at `until`: the end itself and the due-index entry that makes the reconciler
 * look at the job then (shared/migration/reconcile.ts).
 */
const leaseFields = (apiKey: string, job: JobRef, until: number) => ({
  leaseUntil: until,
  ...dueIndexKeys(jobKey(apiKey, job), until),
});

/** Removed when a job ends, in the same write: an ended job leaves the due index. */
const leaseAttributes = ['leaseUntil', 'gsi7pk', 'gsi7sk'];

/**
 * Stores a new job (one PutItem; the id is fresh, the condition only guards against a collision),
 * with its lease (`job.leaseUntil`) in the due index and the API key the reconciler resumes it with.
 */
export async function createJob(apiKey: string, job: MigrationJob): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...jobKey(apiKey, job),
        entity: entities.migrationJob.name,
        apiKey,
        ...job,
        ...(job.leaseUntil !== undefined && leaseFields(apiKey, job, job.leaseUntil)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A job with its worker flags (strongly consistent GetItem); undefined when there is none. */
export async function findJob(apiKey: string, organizationId: string, migrationId: string) {
  const output = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.migrationJob(apiKey, organizationId, migrationId),
      ConsistentRead: true,
    }),
  );
  if (!output.Item) return undefined;
  return {
    job: migrationJob.parse(withoutKeys(output.Item)),
    targetChecked: output.Item.targetChecked === true,
  };
}

/** The lock items of a job's two documents. */
const lockKeys = (apiKey: string, job: MigrationJob) => [
  keys.migrationLock(apiKey, job.organizationId, job.documentId),
  keys.migrationLock(apiKey, job.organizationId, job.newDocumentId),
];

/** Releases the job's locks inside a transaction (only locks it holds). */
const lockReleases = (apiKey: string, job: MigrationJob): TransactItem[] =>
  lockKeys(apiKey, job).map((key) => ({
    Delete: inTable({
      Key: key,
      ConditionExpression: 'attribute_not_exists(pk) OR migrationId = :id',
      ExpressionAttributeValues: { ':id': job.migrationId },
    }),
  }));

interface TransitionOptions {
  /** Attributes removed in the same write. */
  remove?: readonly string[];
  /** Also on condition that the lease still ends here (what the reconciler read). */
  leaseUntil?: number;
}

/**
 * Sets a job's status (and fields) in a transaction item, on condition that it has status `from`
 * (and, when given, the lease end `leaseUntil`).
 */
const transition = (
  apiKey: string,
  job: MigrationJob,
  from: MigrationJob['status'],
  fields: Record<string, unknown>,
  options: TransitionOptions = {},
): TransactItem => {
  const names = Object.keys(fields);
  const removed = options.remove ?? [];
  const leaseHeld = options.leaseUntil !== undefined;
  return {
    Update: inTable({
      Key: jobKey(apiKey, job),
      UpdateExpression: [
        `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ...(removed.length > 0 ? [`REMOVE ${removed.map((_, i) => `#r${i}`).join(', ')}`] : []),
      ].join(' '),
      ConditionExpression: leaseHeld ? '#status = :from AND leaseUntil = :lease' : '#status = :from',
      ExpressionAttributeNames: {
        '#status': 'status',
        ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
        ...Object.fromEntries(removed.map((name, i) => [`#r${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':from': from,
        ...Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])),
        ...(leaseHeld && { ':lease': options.leaseUntil }),
      },
    }),
  };
};

/** Runs transaction items; false when a condition failed (another run got there first). */
async function tryTransaction(items: TransactItem[]): Promise<boolean> {
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    if (cancellationReasons(error)) return false;
    throw error;
  }
}

/**
 * Claims a pending job for moving: status `in_progress` (target not yet checked), its lease renewed
 * to `leaseUntil` and its resume count cleared, and the locks of both documents, in one
 * transaction. `locked` when another running migration holds a lock; `not-pending` when another
 * run already claimed or ended the job.
 */
export async function claimJob(
  apiKey: string,
  job: MigrationJob,
  leaseUntil: number,
  now: number,
): Promise<'claimed' | 'locked' | 'not-pending'> {
  try {
    await transactWrite([
      transition(
        apiKey,
        job,
        'pending',
        {
          status: 'in_progress',
          targetChecked: false,
          ...leaseFields(apiKey, job, leaseUntil),
          updatedAt: now,
        },
        { remove: ['resumes'] },
      ),
      ...lockKeys(apiKey, job).map((key) => ({
        Put: inTable({
          Item: {
            ...key,
            entity: entities.migrationLock.name,
            migrationId: job.migrationId,
            createdAt: now,
            updatedAt: now,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR migrationId = :id',
          ExpressionAttributeValues: { ':id': job.migrationId },
        }),
      })),
    ]);
    return 'claimed';
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[0] === 'ConditionalCheckFailed') return 'not-pending';
    if (reasons?.includes('ConditionalCheckFailed')) return 'locked';
    // Not a cancellation, or a conflict with a concurrent claim: the message is retried.
    throw error;
  }
}

/** Records that the target held no records when checked, so moving may start (one UpdateItem). */
export async function markTargetChecked(apiKey: string, job: MigrationJob, now: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(apiKey, job),
      UpdateExpression: 'SET targetChecked = :true, updatedAt = :now',
      ConditionExpression: '#status = :inProgress',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':true': true, ':now': now, ':inProgress': 'in_progress' },
    }),
  );
}

/**
 * Fails a job, releasing its locks when it held them (`from: 'in_progress'`) and taking it out of
 * the due index, in one transaction. The worker fails jobs that moved nothing; the reconciler fails
 * a job that stopped making progress (`leaseUntil`: only if its lease still ends where it read it),
 * whatever it had moved. False when the job is no longer in status `from` (or its lease moved).
 */
export async function failJob(
  apiKey: string,
  job: MigrationJob,
  from: 'pending' | 'in_progress',
  message: string,
  now: number,
  leaseUntil?: number,
): Promise<boolean> {
  return tryTransaction([
    transition(
      apiKey,
      job,
      from,
      { status: 'failed', message, updatedAt: now },
      { remove: leaseAttributes, ...(leaseUntil !== undefined && { leaseUntil }) },
    ),
    ...(from === 'in_progress' ? lockReleases(apiKey, job) : []),
  ]);
}

/**
 * Completes a job with its final per-domain counts, releases its locks and takes it out of the due
 * index (one transaction); false
 * when it is no longer `in_progress` (another run completed it, or the reconciler failed it).
 */
export async function completeJob(
  apiKey: string,
  job: MigrationJob,
  message: string,
  moved: Record<string, number>,
  now: number,
) {
  return tryTransaction([
    transition(
      apiKey,
      job,
      'in_progress',
      { status: 'completed', message, moved, updatedAt: now },
      { remove: leaseAttributes },
    ),
    ...lockReleases(apiKey, job),
  ]);
}

/** One conditional UpdateItem of a job; false when its condition failed. */
async function updateJobIf(
  apiKey: string,
  job: JobRef,
  update: Pick<ConditionalUpdate, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeValues'>,
): Promise<boolean> {
  return updateIf({
    Key: jobKey(apiKey, job),
    ExpressionAttributeNames: { '#status': 'status' },
    ...update,
  });
}

/**
 * Records a running job's per-domain counts of moved records (one UpdateItem, replacing the
 * previous counts: the run holds the totals). False when the job is no longer `in_progress`.
 */
export function recordProgress(
  apiKey: string,
  job: MigrationJob,
  moved: Record<string, number>,
  now: number,
): Promise<boolean> {
  return updateJobIf(apiKey, job, {
    UpdateExpression: 'SET moved = :moved, updatedAt = :now',
    ConditionExpression: '#status = :inProgress',
    ExpressionAttributeValues: { ':moved': moved, ':now': now, ':inProgress': 'in_progress' },
  });
}

/**
 * Renews a running job's lease to `leaseUntil` (one UpdateItem), clearing its resume count when
 * the run has moved records (`progressed`: the last resume worked). False when the job is no
 * longer `in_progress` (ended by another run, or failed by the reconciler): the run should stop.
 */
export function renewLease(
  apiKey: string,
  job: MigrationJob,
  leaseUntil: number,
  progressed: boolean,
  now: number,
): Promise<boolean> {
  const lease = leaseFields(apiKey, job, leaseUntil);
  return updateJobIf(apiKey, job, renewUpdate(lease, progressed, now));
}

/**
 * Counts one resume of a job whose lease ran out and extends its lease to `leaseUntil` (one
 * UpdateItem), on condition that it is still `pending` or `in_progress` with the lease end the
 * reconciler read (`job.leaseUntil`): of two sweeps racing, or a sweep and a worker renewing, only
 * one gets through. False when the condition failed (the job moved on; nothing to do).
 */
export function resumeJob(
  apiKey: string,
  job: MigrationJob & { leaseUntil: number },
  leaseUntil: number,
  now: number,
): Promise<boolean> {
  return updateJobIf(apiKey, job, resumeUpdate(leaseFields(apiKey, job, leaseUntil), job.leaseUntil, now));
}

/**
 * Keeps a job that waits for a worker slot from looking stalled: its lease extended to
 * `leaseUntil` when less than half of it is left (one conditional UpdateItem; see `holdUpdate`).
 */
export function holdLease(apiKey: string, job: JobRef, leaseUntil: number, halfway: number, now: number) {
  return updateJobIf(apiKey, job, holdUpdate(leaseFields(apiKey, job, leaseUntil), halfway, now));
}

/** A due-index item of a job, as the reconciler hands it over; undefined when it is not one. */
export function dueJob(item: Record<string, unknown>) {
  const apiKey = item.apiKey;
  const parsed = migrationJob.safeParse(withoutKeys(item));
  if (typeof apiKey !== 'string' || !parsed.success) return undefined;
  return { apiKey, job: parsed.data, targetChecked: item.targetChecked === true };
}

/** Erases one page of an organization's migration jobs and locks (deletion cascade). */
export function eraseMigrationPage(
  apiKey: string,
  organizationId: string,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<ErasedPage> {
  return erasePage({ partition: keys.migrationPartition(apiKey, organizationId) }, limit, startKey);
}
