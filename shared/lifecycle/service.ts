import { randomUUID } from 'node:crypto';
import type { TransactItem } from '../db/batch';
import { nowMs } from '../http/common-schemas';
import { logger } from '../http/logger';
import { jobLeaseMs } from '../migration/lease';
import { sendToQueue } from '../queues/send';
import { startErase } from './repository';
import type { EraseJob, EraseMessage, EraseTarget } from './schemas';

/**
 * Deletes organizations or documents (addendum §10): one transaction removes their items
 * (`parentRemovals`), fences the targets (shared/lifecycle/fence.ts: from now on requests naming
 * them are refused, so their records are invisible) and writes a leased erasure job; then the job's
 * message is sent. A failed send is only logged: the job's lease runs out and the reconciler sends
 * it again. Costs one TransactWriteItems and one SQS SendMessage. Returns the job id.
 * Throws RESOURCE_EXHAUSTED when too many erasures of the API key run at once.
 */
export async function deleteInBackground(
  apiKey: string,
  kind: EraseJob['kind'],
  targets: readonly EraseTarget[],
  parentRemovals: readonly TransactItem[],
): Promise<string> {
  const now = nowMs();
  const job = {
    jobId: randomUUID(),
    kind,
    targets: [...targets],
    status: 'pending' as const,
    counts: {},
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
