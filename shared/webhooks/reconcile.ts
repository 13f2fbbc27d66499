import type { logger } from '../core/logger';
import { entities } from '../db/entities';
import { withoutKeys } from '../db/query-page';
import { sendToQueue } from '../queues/send';
import { jobLeaseMs } from '../reconcile/lease';
import type { DueHandler } from '../reconcile/reconciler';
import { leaveDueIndex, rescheduleOverdue } from './attempt-repository';
import { sendAttemptTask } from './attempt-tasks';
import { fanOutEvent, outboxEventOf } from './fanout';
import { refOfItem } from './message-repository';
import { messageRecord } from './message-schemas';
import type { RecoverMessage } from './recover-schemas';
import { dueRecoverTask, endRecoverTask, resumeRecoverTask } from './recover-task-repository';

/**
 * Overdue pending messages: a next attempt whose wait was too long for one SQS delay (its time has
 * come), or whose attempt task looks lost (overdue by the grace). Each gets its next attempt's task
 * again; a duplicate of a task that was only late is harmless (the attempt is claimed once).
 * Messages done meanwhile leave the index.
 */
export const overdueMessages: DueHandler = {
  entity: entities.webhookDelivery.name,
  async handle(items, now) {
    const sent = await Promise.all(
      items.map(async (item) => {
        const record = messageRecord.parse(withoutKeys(item));
        const ref = refOfItem(item, record);
        if (record.status !== 'pending') {
          await leaveDueIndex(ref);
          return false;
        }
        if (!(await rescheduleOverdue(ref, record, String(item.gsi7sk), now))) return false;
        await sendAttemptTask(ref, record.attemptCount + 1);
        return true;
      }),
    );
    return sent.filter(Boolean).length;
  },
};

/**
 * Outbox events the table stream did not fan out in time (a batch given up after its retries, a
 * throttled shard): fanned out here (idempotent: existing messages are found, not doubled).
 */
export const unfannedEvents: DueHandler = {
  entity: entities.outboxEvent.name,
  async handle(items) {
    // A failure is the item's: the reconciler backs it off and quarantines it after repeated failures.
    await Promise.all(
      items.map(async (item) => {
        const outbox = outboxEventOf(item);
        if (!outbox) throw new Error('unreadable outbox item in the due index');
        await fanOutEvent(outbox.apiKey, outbox.event);
      }),
    );
    return items.length;
  },
};

/** Resumes in a row without progress after which a recover task is failed (as a migration's). */
export const maxRecoverResumes = 3;

/**
 * Puts one overdue recover task back on its way: its lease ran out, so its chain of messages broke
 * (a send that failed after the task was written, a message dead-lettered, a worker that keeps
 * dying). Fewer than `maxRecoverResumes` resumes → count one and extend the lease (conditional on
 * the lease end read, so racing sweeps resume once), then re-send its message; otherwise → fail it.
 */
async function reconcileRecoverTask(item: Record<string, unknown>, now: number, log: typeof logger) {
  const due = dueRecoverTask(item);
  if (!due) {
    log.error('unreadable recover task in the due index', { pk: item.pk, sk: item.sk });
    return false;
  }
  const { apiKey, task } = due;
  const { leaseUntil } = task;
  if ((task.status !== 'pending' && task.status !== 'in_progress') || leaseUntil === undefined) return false;
  if (leaseUntil > now) return false;
  const resumes = task.resumes ?? 0;
  if (resumes >= maxRecoverResumes) {
    const end = {
      status: 'failed',
      message: `The task stopped making progress; ${task.recovered} message(s) were sent again, the rest were not. Start a new recover.`,
    } as const;
    const failed = await endRecoverTask(apiKey, task.taskId, end, task.status, now, leaseUntil);
    if (failed) log.warn('recover task failed: no progress after its resumes', { taskId: task.taskId });
    return failed;
  }
  if (!(await resumeRecoverTask(apiKey, task.taskId, leaseUntil, now + jobLeaseMs(), now))) return false;
  const message: RecoverMessage = { kind: 'recover', apiKey, taskId: task.taskId, sentAt: task.createdAt };
  await sendToQueue('document-migration', message);
  log.info('recover task resumed', { taskId: task.taskId, resumes: resumes + 1 });
  return true;
}

/**
 * Overdue recover tasks (entity `webhookRecoverTask`): each resumed or failed (see
 * `reconcileRecoverTask`). A failure is the item's: the reconciler backs it off.
 */
export const overdueRecoverTasks: DueHandler = {
  entity: entities.webhookRecoverTask.name,
  async handle(items, now, log) {
    const outcomes = await Promise.all(items.map((item) => reconcileRecoverTask(item, now, log)));
    return outcomes.filter(Boolean).length;
  },
};
