import { randomUUID } from 'node:crypto';
import { nowMs } from '../core/clock';
import { failedPrecondition, notFound } from '../core/errors';
import type { ApiKeyCaller } from '../http/caller';
import { invalidInput } from '../http/validation';
import { sendToQueue } from '../queues/send';
import { jobLeaseMs } from '../reconcile/lease';
import { requireEndpointAndConfig } from './endpoint-service';
import { seesEndpoint } from './portal-scope';
import {
  type RecoverEndpointInput,
  type RecoverMessage,
  type RecoverStatusInput,
  type RecoverTask,
  recoverWindowMs,
} from './recover-schemas';
import { findRecoverTask, insertRecoverTask } from './recover-task-repository';
import { retentionCutoff } from './retention';

/**
 * Starts a recover task (decisions §78): every dead message of the endpoint whose event falls in
 * `since`..`until` (default now) is sent again, oldest first, by the background-job worker
 * (./recover-worker.ts). `since` may reach back 14 days, not into the future; a window older than
 * the key's message retention starts at the retention. The task is written first (leased, in the
 * due index), then its message sent: if the send fails, the reconciler starts it once its lease
 * runs out. A disabled endpoint is FAILED_PRECONDITION (its messages would be dead-lettered again).
 * `endpoint` is `requireEndpointAndConfig`'s read, possibly started as the route's prefetch.
 */
export async function startRecover(
  apiKey: string,
  input: RecoverEndpointInput,
  endpoint = requireEndpointAndConfig(apiKey, input.endpointId),
) {
  const now = nowMs();
  if (input.since > now) throw invalidInput([{ path: 'since', message: 'must not be in the future' }]);
  if (input.since < now - recoverWindowMs)
    throw invalidInput([{ path: 'since', message: 'must be at most 14 days ago' }]);
  const { endpoint: found, config } = await endpoint;
  if (found.disabled)
    throw failedPrecondition(
      `Endpoint ${input.endpointId} is disabled; enable it before recovering its messages.`,
    );
  const leaseUntil = now + jobLeaseMs();
  const since = Math.max(input.since, retentionCutoff(config.messageRetentionDays, now));
  const until = Math.min(input.until ?? now, now);
  const task: RecoverTask & { leaseUntil: number } = {
    taskId: `rt_${randomUUID().replaceAll('-', '')}`,
    endpointId: input.endpointId,
    since,
    until,
    status: 'pending',
    total: 0,
    // A window that ends before the oldest message kept holds nothing to send.
    phase: until < since ? 'sent' : 'counting',
    recovered: 0,
    leaseUntil,
    createdAt: now,
    updatedAt: now,
  };
  await insertRecoverTask(apiKey, task);
  const message: RecoverMessage = { kind: 'recover', apiKey, taskId: task.taskId, sentAt: now };
  await sendToQueue('document-migration', message);
  return { taskId: task.taskId };
}

/** Starts `recoverStatus`' read by the API key and the input alone (the route's prefetch). */
export const readRecoverTask = (apiKey: string, input: RecoverStatusInput) =>
  findRecoverTask(apiKey, input.taskId);

/**
 * A recover task's state (one GetItem, `task` when the route started it as its prefetch):
 * NOT_FOUND for an unknown task, or one about an endpoint a portal session limited to others does
 * not see.
 */
export async function recoverStatus(
  caller: ApiKeyCaller,
  input: RecoverStatusInput,
  read = readRecoverTask(caller.apiKey, input),
) {
  const task = await read;
  if (!task || !seesEndpoint(caller, task.endpointId))
    throw notFound(`Recover task ${input.taskId} not found.`);
  return { taskId: task.taskId, status: task.status, recovered: task.recovered, total: task.total };
}
