import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { type ConditionalUpdate, updateIf } from '../db/conditional-updates';
import { entities } from '../db/entities';
import { dueIndexKeys } from '../db/entities/lifecycle';
import { keys } from '../db/keys';
import { withoutKeys } from '../db/query-page';
import { claimUpdate, holdUpdate, renewUpdate, resumeUpdate } from '../reconcile/lease';
import { type RecoverTask, recoverTask } from './recover-schemas';

/** Recover tasks (decisions §78): one item each, in the due index while they run. */

/** How long a task's item stays readable after it was started (its status route), in seconds. */
const taskTtlSeconds = 30 * 24 * 60 * 60;

const taskKey = (apiKey: string, taskId: string) => keys.webhookRecoverTask(apiKey, taskId);

/** A task's lease ending at `until` and its due-index entry (the reconciler looks at it then). */
const leaseFields = (apiKey: string, taskId: string, until: number) => ({
  leaseUntil: until,
  ...dueIndexKeys(taskKey(apiKey, taskId), until),
});

/** Stores a new task (`pending`, leased, in the due index); one PutItem. */
export async function insertRecoverTask(
  apiKey: string,
  task: RecoverTask & { leaseUntil: number },
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...taskKey(apiKey, task.taskId),
        entity: entities.webhookRecoverTask.name,
        apiKey,
        ...task,
        ...leaseFields(apiKey, task.taskId, task.leaseUntil),
        ttl: Math.floor(task.createdAt / 1000) + taskTtlSeconds,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A task (strongly consistent GetItem); undefined when there is none. */
export async function findRecoverTask(apiKey: string, taskId: string): Promise<RecoverTask | undefined> {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: taskKey(apiKey, taskId), ConsistentRead: true }),
  );
  return output.Item ? recoverTask.parse(withoutKeys(output.Item)) : undefined;
}

type TaskUpdate = Pick<
  ConditionalUpdate,
  'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeValues' | 'ExpressionAttributeNames'
>;

/** One conditional UpdateItem of a task; false when its condition failed. */
const updateTaskIf = (apiKey: string, taskId: string, update: TaskUpdate) =>
  updateIf({
    Key: taskKey(apiKey, taskId),
    ...update,
    ExpressionAttributeNames: { '#status': 'status', ...update.ExpressionAttributeNames },
  });

/** Claims a pending task (→ `in_progress`, lease renewed, resumes cleared); false when not pending. */
export function claimRecoverTask(apiKey: string, taskId: string, leaseUntil: number, now: number) {
  return updateTaskIf(apiKey, taskId, claimUpdate(leaseFields(apiKey, taskId, leaseUntil), now));
}

/** What one step of a run records: where its pass goes on, and the counts after it. */
export type RecoverProgress = Pick<RecoverTask, 'total' | 'phase' | 'recovered'> & {
  cursor: Record<string, unknown> | null;
};

/**
 * Records a step's progress and renews the lease (one UpdateItem, on condition that the task is
 * still `in_progress`), clearing its resume count when `progressed`. The cursor and the counts are
 * written together, so a run resumed after a crash redoes exactly the step that was not recorded.
 */
export function recordRecoverProgress(
  apiKey: string,
  taskId: string,
  progress: RecoverProgress,
  leaseUntil: number,
  progressed: boolean,
  now: number,
) {
  const fields = Object.entries(progress);
  return updateTaskIf(apiKey, taskId, {
    ...renewUpdate(leaseFields(apiKey, taskId, leaseUntil), progressed, now, {
      assignments: fields.map((_, i) => `#p${i} = :p${i}`),
      values: Object.fromEntries(fields.map(([, value], i) => [`:p${i}`, value])),
    }),
    ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#p${i}`, name])),
  });
}

/**
 * Ends a task (`completed` or `failed`, with its message; out of the due index), on condition that
 * it is still in `from` (and, for the reconciler, still has the lease end it read). False otherwise.
 */
export function endRecoverTask(
  apiKey: string,
  taskId: string,
  end: { status: 'completed' | 'failed'; message: string },
  from: 'pending' | 'in_progress',
  now: number,
  leaseRead?: number,
) {
  return updateTaskIf(apiKey, taskId, {
    UpdateExpression:
      'SET #status = :end, message = :message, updatedAt = :now REMOVE leaseUntil, gsi7pk, gsi7sk',
    ConditionExpression: `#status = :from${leaseRead === undefined ? '' : ' AND leaseUntil = :read'}`,
    ExpressionAttributeValues: {
      ':end': end.status,
      ':message': end.message,
      ':from': from,
      ':now': now,
      ...(leaseRead !== undefined && { ':read': leaseRead }),
    },
  });
}

/**
 * Counts one resume of a task whose lease ran out and extends its lease (one UpdateItem), on
 * condition that it still runs with the lease end the reconciler read.
 */
export function resumeRecoverTask(
  apiKey: string,
  taskId: string,
  leaseRead: number,
  leaseUntil: number,
  now: number,
) {
  return updateTaskIf(apiKey, taskId, resumeUpdate(leaseFields(apiKey, taskId, leaseUntil), leaseRead, now));
}

/** Keeps a task that waits (a worker slot, its pace) from looking stalled (see `holdUpdate`). */
export function holdRecoverLease(
  apiKey: string,
  taskId: string,
  leaseUntil: number,
  halfway: number,
  now: number,
) {
  return updateTaskIf(apiKey, taskId, holdUpdate(leaseFields(apiKey, taskId, leaseUntil), halfway, now));
}

/** A due-index item of a recover task, as the reconciler hands it over; undefined when it is not one. */
export function dueRecoverTask(item: Record<string, unknown>) {
  const apiKey = item.apiKey;
  const parsed = recoverTask.safeParse(withoutKeys(item));
  if (typeof apiKey !== 'string' || !parsed.success) return undefined;
  return { apiKey, task: parsed.data };
}
