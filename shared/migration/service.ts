import { randomUUID } from 'node:crypto';
import { nowMs } from '../core/clock';
import { ApiError, notFound } from '../core/errors';
import { currentIncarnations, incarnationsWithin } from '../db/incarnations';
import { startedEarly } from '../db/parallel';
import type { ApiKeyCaller } from '../http/caller';
import { prefetchable } from '../http/prefetchable';
import { erasingEarlierIncarnation } from '../plugins/fence';
import { sendToQueue } from '../queues/send';
import { jobLeaseMs } from '../reconcile/lease';
import { closeMigratedDocument } from '../sockets/closing';
import { createJob, findJob } from './repository';
import type { MigrateDocument, MigrationJob, MigrationMessage, MigrationStatusQuery } from './schemas';

/**
 * Starts a document migration (addendum §6): sends the job's message to the `document-migration`
 * queue, then writes the job (`pending`). Message first, so a job is never `pending` without a
 * message that will run it: if the write fails the caller gets an error and the worker, finding no
 * job, drops the message after a grace period (docs/decisions.md). The source document need not
 * exist as a document item — activities, notifications and CRDT content accept any document id —
 * so a migration moves whatever records the id has (none: it completes having moved nothing).
 * A target that has records fails the job asynchronously (`failed`, nothing changed), as the
 * addendum says. The job starts with a lease (`JOB_LEASE_SECONDS`): if its message is lost before
 * a worker claims it, the reconciler resumes it. The source document's open connections are closed
 * (4404; the worker closes those made meanwhile when it completes). Costs one SQS SendMessage, one
 * PutItem, then the access stamp's PutItem beside one Query of the source's connections.
 * ABORTED while an earlier incarnation of either document is still being erased (a document
 * re-created during its erasure): movers find records by document id, so they would move the old
 * incarnation's among the new ones (decisions §46).
 */
export async function startMigration(caller: ApiKeyCaller, input: MigrateDocument) {
  for (const documentId of [input.documentId, input.newDocumentId]) {
    if (erasingEarlierIncarnation(caller, input.organizationId, documentId))
      throw new ApiError(
        'ABORTED',
        `Document ${documentId} was deleted and re-created, and its earlier data is still being erased; retry the migration in a few seconds.`,
      );
  }
  const now = nowMs();
  const within = incarnationsWithin(currentIncarnations(), input.organizationId);
  const incarnations = Object.keys(within).length === 0 ? {} : { incarnations: within };
  const job: MigrationJob = {
    migrationId: randomUUID(),
    organizationId: input.organizationId,
    documentId: input.documentId,
    newDocumentId: input.newDocumentId,
    status: 'pending',
    leaseUntil: now + jobLeaseMs(),
    ...incarnations,
    createdAt: now,
    updatedAt: now,
  };
  const message: MigrationMessage = {
    apiKey: caller.apiKey,
    organizationId: job.organizationId,
    migrationId: job.migrationId,
    sentAt: now,
    ...incarnations,
  };
  await sendToQueue('document-migration', message);
  await createJob(caller.apiKey, job);
  // The source's clients stop writing to an id whose records are moving (addendum §9: 4404).
  await closeMigratedDocument(caller.apiKey, input.organizationId, input.documentId, input.newDocumentId);
  return { migrationId: job.migrationId };
}

/** Starts `migrationStatus`' job read by the API key and the input alone (a route's prefetch: one GetItem). */
export const readMigrationJob = (apiKey: string, input: MigrationStatusQuery) =>
  startedEarly(findJob(apiKey, input.organizationId, input.migrationId));

/**
 * A migration's status (base #25), with the failure or completion message and the records moved so
 * far per domain (`moved`, decisions §38); one GetItem.
 * `started` is `readMigrationJob`'s read, when already started.
 */
export const migrationStatus = /* @__PURE__ */ prefetchable(
  readMigrationJob,
  async (_caller, input, started) => {
    const found = await started;
    if (!found) throw notFound(`Migration ${input.migrationId} does not exist in this organization.`);
    const { migrationId, status, message, moved } = found.job;
    return { migrationId, status, moved: moved ?? {}, ...(message !== undefined && { message }) };
  },
);
