import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inTable, type TransactItem, transactWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { keys } from '../db/keys';
import { withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import { type MigrationJob, migrationJob } from './schemas';

type JobRef = Pick<MigrationJob, 'organizationId' | 'migrationId'>;

const jobKey = (apiKey: string, job: JobRef) =>
  keys.migrationJob(apiKey, job.organizationId, job.migrationId);

/** Stores a new job (one PutItem; the id is fresh, the condition only guards against a collision). */
export async function createJob(apiKey: string, job: MigrationJob): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...jobKey(apiKey, job), entity: 'migrationJob', ...job },
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

/** Sets a job's status (and fields) in a transaction item, on condition that it has status `from`. */
const transition = (
  apiKey: string,
  job: MigrationJob,
  from: MigrationJob['status'],
  fields: Record<string, unknown>,
): TransactItem => {
  const names = Object.keys(fields);
  return {
    Update: inTable({
      Key: jobKey(apiKey, job),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: {
        '#status': 'status',
        ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':from': from,
        ...Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])),
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
 * Claims a pending job for moving: status `in_progress` (target not yet checked) and the locks of
 * both documents, in one transaction. `locked` when another running migration holds a lock;
 * `not-pending` when another run already claimed or ended the job.
 */
export async function claimJob(
  apiKey: string,
  job: MigrationJob,
  now: number,
): Promise<'claimed' | 'locked' | 'not-pending'> {
  try {
    await transactWrite([
      transition(apiKey, job, 'pending', { status: 'in_progress', targetChecked: false, updatedAt: now }),
      ...lockKeys(apiKey, job).map((key) => ({
        Put: inTable({
          Item: {
            ...key,
            entity: 'migrationLock',
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
 * Fails a job that moved nothing, releasing its locks when it held them (`from: 'in_progress'`).
 * False when the job is no longer in status `from`.
 */
export async function failJob(
  apiKey: string,
  job: MigrationJob,
  from: 'pending' | 'in_progress',
  message: string,
  now: number,
): Promise<boolean> {
  return tryTransaction([
    transition(apiKey, job, from, { status: 'failed', message, updatedAt: now }),
    ...(from === 'in_progress' ? lockReleases(apiKey, job) : []),
  ]);
}

/** Completes a job and releases its locks (one transaction); false when another run completed it. */
export async function completeJob(apiKey: string, job: MigrationJob, message: string, now: number) {
  return tryTransaction([
    transition(apiKey, job, 'in_progress', { status: 'completed', message, updatedAt: now }),
    ...lockReleases(apiKey, job),
  ]);
}
