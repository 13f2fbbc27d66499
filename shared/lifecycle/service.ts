import { randomUUID } from 'node:crypto';
import { nowMs } from '../core/clock';
import { notFound } from '../core/errors';
import { logger } from '../core/logger';
import { type TransactItem, transactWrite } from '../db/batch';
import { currentIncarnations, incarnationsWithin, withIncarnations } from '../db/incarnations';
import { startedEarly } from '../db/parallel';
import type { ApiKeyCaller } from '../http/caller';
import { sendToQueue } from '../queues/send';
import { jobLeaseMs } from '../reconcile/lease';
import { closeUserConnections } from '../sockets/closing';
import { findEraseJob, incarnationBump, startErase, writeWithBump } from './repository';
import {
  type DeleteUserData,
  type EraseJob,
  type EraseMessage,
  type EraseTarget,
  userDataFeatures,
} from './schemas';

/**
 * Deletes organizations or documents (addendum §10): one transaction removes their items
 * (`parentRemovals`), fences the targets (shared/plugins/fence.ts: from now on requests naming
 * them are refused, so their records are invisible) and writes a leased erasure job; then the job's
 * message is sent. Each target carries the incarnations it is deleted in (the running request's,
 * shared/db/incarnations.ts), so the job erases exactly those keys even after a re-creation. A failed send is only logged: the job's lease runs out and the reconciler sends
 * it again. Costs one TransactWriteItems and one SQS SendMessage. Returns the job id.
 * Throws RESOURCE_EXHAUSTED when too many erasures of the API key run at once.
 */
export async function deleteInBackground(
  apiKey: string,
  kind: 'organization' | 'document',
  targets: readonly EraseTarget[],
  parentRemovals: readonly TransactItem[],
): Promise<string> {
  const incarnations = currentIncarnations();
  const inIncarnation = targets.map((target) => {
    const within = incarnationsWithin(incarnations, target.organizationId, target.documentId);
    return Object.keys(within).length === 0 ? target : { ...target, incarnations: within };
  });
  return startJob(apiKey, { kind, targets: inIncarnation, counts: {} }, parentRemovals);
}

/** Writes a new erasure job (with `parentRemovals`, see `deleteInBackground`) and sends its message. */
async function startJob(
  apiKey: string,
  fields: Pick<EraseJob, 'kind' | 'targets' | 'counts' | 'userId' | 'organizationIds'>,
  parentRemovals: readonly TransactItem[],
): Promise<string> {
  const now = nowMs();
  const job = {
    jobId: randomUUID(),
    ...fields,
    status: 'pending' as const,
    leaseUntil: now + jobLeaseMs(),
    createdAt: now,
    updatedAt: now,
  };
  await startErase(apiKey, job, parentRemovals);
  const message: EraseMessage = { kind: 'erase', apiKey, jobId: job.jobId, sentAt: now };
  try {
    await sendToQueue('document-migration', message);
  } catch (error) {
    logger.warn('erasure message not sent; the reconciler resumes the job when its lease ends', {
      jobId: job.jobId,
      error: error as Error,
    });
  }
  return job.jobId;
}

/**
 * users/data/delete (addendum §10): starts the erasure of a user's data, in the given organizations
 * or all of them, as a resumable job (shared/erasure/user-erasure.ts), and closes the user's open
 * connections there (4403). Counts start at zero for every feature. One PutItem (in a transaction),
 * one SQS SendMessage, then one Query of the user's connections and their closes.
 */
export async function startUserErasure(caller: ApiKeyCaller, input: DeleteUserData) {
  const counts = Object.fromEntries(userDataFeatures.map((feature) => [feature, 0]));
  const jobId = await startJob(
    caller.apiKey,
    {
      kind: 'user',
      targets: [],
      counts,
      userId: input.userId,
      ...(input.organizationIds && { organizationIds: [...new Set(input.organizationIds)] }),
    },
    [],
  );
  await closeUserConnections(caller.apiKey, input.userId, input.organizationIds);
  return { jobId };
}

/** Starts `userErasureStatus`' job read by the API key and the job id alone (a route's prefetch: one GetItem). */
export const readEraseJob = (apiKey: string, jobId: string) => startedEarly(findEraseJob(apiKey, jobId));

/**
 * users/data/delete/status: the job's status and counts per feature; NOT_FOUND for an unknown job.
 * `started` is `readEraseJob`'s read, when already started.
 */
export async function userErasureStatus(
  caller: ApiKeyCaller,
  jobId: string,
  started = readEraseJob(caller.apiKey, jobId),
) {
  const job = await started;
  if (job?.kind !== 'user') throw notFound(`Job ${jobId} does not exist.`);
  const { status, counts, message } = job;
  return { jobId, status, counts, ...(message !== undefined && { message }) };
}

/** Items a transaction holds besides the incarnation bump. */
const itemsWithBump = 99;

/**
 * Re-creates ids whose erasure still runs (decisions §41): bumps their incarnations (`entries`, see
 * shared/db/incarnations.ts) and writes `items` — built by the callback, so their keys are the new
 * incarnation's — the bump and the first 99 items in one transaction, any rest after it committed.
 * Throws ABORTED when another request re-created one of them at the same time.
 */
export async function recreateFenced(
  caller: ApiKeyCaller,
  entries: readonly string[],
  items: () => TransactItem[],
): Promise<void> {
  const bump = incarnationBump(caller, entries);
  await withIncarnations(bump.next, async () => {
    const writes = items();
    await writeWithBump(bump.item, writes.slice(0, itemsWithBump));
    if (writes.length > itemsWithBump) await transactWrite(writes.slice(itemsWithBump));
  });
}
