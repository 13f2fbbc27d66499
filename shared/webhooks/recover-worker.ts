import type { WorkerContext } from '../queues/define-worker';
import { sendToQueue } from '../queues/send';
import { runInJobSlot } from '../quotas/job-slots';
import { jobLeaseMs } from '../reconcile/lease';
import { sendAttemptTasks } from './attempt-tasks';
import { findEndpoint } from './endpoint-repository';
import { countDeadMessages, recoverableMessages, reviveMessage } from './message-repository';
import { endpointTarget } from './message-schemas';
import type { RecoverMessage, RecoverTask } from './recover-schemas';
import {
  claimRecoverTask,
  endRecoverTask,
  findRecoverTask,
  holdRecoverLease,
  type RecoverProgress,
  recordRecoverProgress,
} from './recover-task-repository';
import { withBatchCounts } from './stats-repository';

/** Work one invocation does before handing over to a fresh message (as a migration's). */
const defaultBudgetMs = 5 * 60 * 1000;

/** Messages looked at per step of the sending pass (one Query, then their revivals in parallel). */
const defaultPageSize = 100;

/**
 * How far a task runs ahead of its endpoint's rate limit: it revives at most this many seconds of
 * sends (`rateLimit` × seconds) in one run, then comes back after that time.
 */
const defaultPaceSeconds = 60;

export interface RecoverRunOptions {
  budgetMs?: number;
  now?: () => number;
  leaseMs?: number;
  pageSize?: number;
  paceSeconds?: number;
}

/**
 * Runs one recover task (a message on the background-job queue) in a worker slot of its API key,
 * like a migration or an erasure (shared/quotas/job-slots.ts). Every step is safe to repeat:
 * - no task, or `completed` / `failed`: nothing to do; `pending`: claim it (→ `in_progress`);
 * - its endpoint deleted meanwhile: `failed`;
 * - counting: the window's dead messages, a Query page per step (`total`);
 * - sending: the window's dead messages oldest first, a page per step: each revived on condition
 *   that it is dead and not revived by this task before (marked `recoveredBy`), then their attempt
 *   tasks sent in batches; the delivery worker sends them under the endpoint's rate limit.
 * Each step ends with one write of the cursor and the counts (which renews the lease), so a run
 * resumed after a crash redoes only the unrecorded step: what that step revived is counted, not
 * revived again, and an attempt task lost in the crash is sent by the reconciler (the message is
 * in the due index). Past `rateLimit` × `paceSeconds` revivals a run comes back after `paceSeconds`
 * (the queue then never holds much more than a minute of the endpoint's sends), past its time
 * budget at once; the reconciler resumes a task whose lease ran out (./recover-reconcile.ts).
 */
export function runRecover(
  message: RecoverMessage,
  context: Pick<WorkerContext, 'log'>,
  options: RecoverRunOptions = {},
): Promise<void> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? jobLeaseMs();
  const { apiKey, taskId } = message;
  return runInJobSlot(
    { apiKey, slotId: `recover:${taskId}`, waitingSince: message.sentAt },
    () => recover(message, context, options),
    async (delaySeconds) => {
      const at = now();
      await holdRecoverLease(apiKey, taskId, at + leaseMs, at + leaseMs / 2, at);
      await sendToQueue('document-migration', message, delaySeconds);
    },
    now(),
  );
}

/** `runRecover`'s run, in a worker slot of the task's API key. */
async function recover(
  message: RecoverMessage,
  context: Pick<WorkerContext, 'log'>,
  options: RecoverRunOptions,
): Promise<void> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? jobLeaseMs();
  const deadline = now() + (options.budgetMs ?? defaultBudgetMs);
  const { apiKey, taskId } = message;
  let task = await findRecoverTask(apiKey, taskId);
  if (!task || task.status === 'completed' || task.status === 'failed') return;
  if (task.status === 'pending') {
    if (!(await claimRecoverTask(apiKey, taskId, now() + leaseMs, now())))
      return recover(message, context, options);
    task = { ...task, status: 'in_progress', resumes: undefined };
  }
  const endpoint = await findEndpoint(apiKey, task.endpointId);
  if (!endpoint) {
    const end = { status: 'failed', message: `Endpoint ${task.endpointId} was deleted.` } as const;
    await endRecoverTask(apiKey, taskId, end, 'in_progress', now());
    return;
  }
  let resumed = (task.resumes ?? 0) > 0;
  let progress: RecoverProgress = {
    total: task.total,
    phase: task.phase,
    recovered: task.recovered,
    cursor: task.cursor ?? null,
  };
  /**
   * Records a step (each moves the pass on: progress, which clears a resumed task's resume count);
   * false when the task is no longer running (the run stops).
   */
  const record = async (next: RecoverProgress) => {
    progress = next;
    const recorded = await recordRecoverProgress(apiKey, taskId, next, now() + leaseMs, resumed, now());
    if (recorded) resumed = false;
    if (!recorded) context.log.info('recover task ended meanwhile; run stops', { taskId });
    return recorded;
  };
  const target = endpointTarget(task.endpointId);
  const window = { since: task.since, until: task.until };
  const paceSeconds = options.paceSeconds ?? defaultPaceSeconds;
  const pace = endpoint.rateLimit ? endpoint.rateLimit * paceSeconds : Infinity;
  let revivedThisRun = 0;
  while (progress.phase !== 'sent') {
    if (now() > deadline || revivedThisRun >= pace) {
      const delaySeconds = revivedThisRun >= pace ? paceSeconds : 0;
      context.log.info('recover task hands over to a new message', { taskId, delaySeconds, ...progress });
      await sendToQueue('document-migration', message, delaySeconds);
      return;
    }
    if (progress.phase === 'counting') {
      const page = await countDeadMessages(apiKey, target, window, progress.cursor ?? undefined);
      const total = progress.total + page.count;
      const phase = page.nextKey ? 'counting' : 'sending';
      if (!(await record({ ...progress, total, phase, cursor: page.nextKey ?? null }))) return;
      continue;
    }
    const step = await sendStep(apiKey, task, progress, options.pageSize ?? defaultPageSize, now());
    revivedThisRun += step.revived;
    const recovered = progress.recovered + step.recovered;
    const next: RecoverProgress = step.nextKey
      ? { ...progress, recovered, cursor: step.nextKey }
      : // Messages that died in the window after it was counted are sent and counted too.
        { total: Math.max(progress.total, recovered), phase: 'sent', recovered, cursor: null };
    if (!(await record(next))) return;
  }
  const end = {
    status: 'completed',
    message: `Sent ${progress.recovered} dead message${progress.recovered === 1 ? '' : 's'} of endpoint ${task.endpointId} again.`,
  } as const;
  if (await endRecoverTask(apiKey, taskId, end, 'in_progress', now()))
    context.log.info('recover task completed', {
      taskId,
      recovered: progress.recovered,
      total: progress.total,
    });
}

/**
 * One step of the sending pass: a page of the window's messages this task still has to send or
 * revived in an unrecorded step, oldest first. Returns how many the step revived now, how many it
 * counts as recovered (those and the earlier revived ones) and where the pass goes on.
 */
async function sendStep(
  apiKey: string,
  task: RecoverTask,
  progress: RecoverProgress,
  pageSize: number,
  now: number,
) {
  const target = endpointTarget(task.endpointId);
  const window = { since: task.since, until: task.until };
  const page = await recoverableMessages(
    apiKey,
    target,
    window,
    task.taskId,
    pageSize,
    progress.cursor ?? undefined,
  );
  // The revivals' status counts are written once per bucket for the whole page.
  const revived = await withBatchCounts(() =>
    Promise.all(
      page.messages.map(async ({ ref, revivedBefore }) =>
        revivedBefore ? undefined : { ref, record: await reviveMessage(ref, now, task.taskId) },
      ),
    ),
  );
  const sent = revived.flatMap((entry) =>
    entry?.record ? [{ ref: entry.ref, attempt: entry.record.attemptCount + 1 }] : [],
  );
  await sendAttemptTasks(sent);
  const before = page.messages.filter((message) => message.revivedBefore).length;
  return { revived: sent.length, recovered: sent.length + before, nextKey: page.nextKey };
}
