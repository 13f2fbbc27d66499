import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError, resourceExhausted } from '../core/errors';
import { inTable, type TransactItem, transactWrite } from '../db/batch';
import { db, tableName } from '../db/client';
import { type ConditionalUpdate, updateIf } from '../db/conditional-updates';
import { entities } from '../db/entities';
import { dueIndexKeys } from '../db/entities/lifecycle';
import type { Incarnations } from '../db/incarnations';
import { keys } from '../db/keys';
import { withoutKeys } from '../db/query-page';
import { cancellationReasons } from '../db/transactions';
import type { ApiKeyCaller } from '../http/caller';
import { maxFencedTargets, targetFenceEntry } from '../plugins/fence';
import { claimUpdate, holdUpdate, renewUpdate, resumeUpdate } from '../reconcile/lease';
import { type EraseJob, eraseJob } from './schemas';

const jobKey = (apiKey: string, jobId: string) => keys.eraseJob(apiKey, jobId);

/** A job's lease ending at `until` and its due-index entry (the reconciler looks at it then). */
const leaseFields = (apiKey: string, jobId: string, until: number) => ({
  leaseUntil: until,
  ...dueIndexKeys(jobKey(apiKey, jobId), until),
});

/** The credential update fencing `entries` (none for a user's erasure, which fences nothing). */
const fenceItems = (apiKey: string, entries: ReadonlySet<string>): TransactItem[] =>
  entries.size === 0
    ? []
    : [
        {
          Update: inTable({
            Key: keys.apiKeyCredential(apiKey),
            UpdateExpression: 'ADD erasing :entries',
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(erasing) OR size(erasing) <= :room)',
            ExpressionAttributeValues: { ':entries': entries, ':room': maxFencedTargets - entries.size },
          }),
        },
      ];

/**
 * Starts an erasure in one transaction: `parentRemovals` (the deleted organizations' or documents'
 * items, which makes them invisible), the job (`pending`, leased, in the due index) and the fence
 * of its targets on the API key's credential (condition: fewer than `maxFencedTargets` fenced).
 * Throws RESOURCE_EXHAUSTED when too many erasures run at once.
 */
export async function startErase(
  apiKey: string,
  job: EraseJob & { leaseUntil: number },
  parentRemovals: readonly TransactItem[],
): Promise<void> {
  const entries = new Set(job.targets.map(targetFenceEntry));
  try {
    await transactWrite([
      ...parentRemovals,
      {
        Put: inTable({
          Item: {
            ...jobKey(apiKey, job.jobId),
            entity: entities.eraseJob.name,
            apiKey,
            ...job,
            ...leaseFields(apiKey, job.jobId, job.leaseUntil),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      },
      ...fenceItems(apiKey, entries),
    ]);
  } catch (error) {
    if (cancellationReasons(error)?.at(-1) === 'ConditionalCheckFailed')
      throw resourceExhausted('Too many deletions are being erased at the moment; retry in a minute.', 60);
    throw error;
  }
}

/** A job (strongly consistent GetItem); undefined when there is none. */
export async function findEraseJob(apiKey: string, jobId: string): Promise<EraseJob | undefined> {
  const output = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(apiKey, jobId), ConsistentRead: true }),
  );
  return output.Item ? eraseJob.parse(withoutKeys(output.Item)) : undefined;
}

/** One conditional UpdateItem of a job; false when its condition failed. */
async function updateJobIf(
  apiKey: string,
  jobId: string,
  update: Pick<
    ConditionalUpdate,
    'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeValues' | 'ExpressionAttributeNames'
  >,
): Promise<boolean> {
  return updateIf({
    Key: jobKey(apiKey, jobId),
    ...update,
    ExpressionAttributeNames: { '#status': 'status', ...update.ExpressionAttributeNames },
  });
}

/** Claims a pending job (→ `in_progress`, lease renewed, resumes cleared); false when not pending. */
export function claimEraseJob(apiKey: string, jobId: string, leaseUntil: number, now: number) {
  return updateJobIf(apiKey, jobId, claimUpdate(leaseFields(apiKey, jobId, leaseUntil), now));
}

/**
 * Renews a running job's lease and adds `erased` to its counts (one UpdateItem), clearing its
 * resume count when `progressed`. False when the job is no longer `in_progress`.
 */
export function renewEraseLease(
  apiKey: string,
  jobId: string,
  leaseUntil: number,
  progressed: boolean,
  now: number,
  erased: Readonly<Record<string, number>> = {},
) {
  const lease = leaseFields(apiKey, jobId, leaseUntil);
  const names = Object.keys(erased);
  const counts = names.map((_, i) => `counts.#c${i} = if_not_exists(counts.#c${i}, :zero) + :c${i}`);
  return updateJobIf(apiKey, jobId, {
    ...renewUpdate(lease, progressed, now, {
      assignments: counts,
      values: {
        ...(names.length > 0 && { ':zero': 0 }),
        ...Object.fromEntries(names.map((name, i) => [`:c${i}`, erased[name]])),
      },
    }),
    ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#c${i}`, name])),
  });
}

/**
 * Completes a job and lifts its fence (one transaction): the job `completed`, out of the due index;
 * its targets removed from the credential's `erasing` set. False when it is no longer `in_progress`.
 */
export async function completeEraseJob(
  apiKey: string,
  job: EraseJob,
  message: string,
  now: number,
): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: inTable({
          Key: jobKey(apiKey, job.jobId),
          UpdateExpression:
            'SET #status = :completed, message = :message, updatedAt = :now REMOVE leaseUntil, gsi7pk, gsi7sk',
          ConditionExpression: '#status = :inProgress',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':completed': 'completed',
            ':inProgress': 'in_progress',
            ':message': message,
            ':now': now,
          },
        }),
      },
      ...(job.targets.length === 0
        ? []
        : [
            {
              Update: inTable({
                Key: keys.apiKeyCredential(apiKey),
                UpdateExpression: 'DELETE erasing :entries',
                ExpressionAttributeValues: { ':entries': new Set(job.targets.map(targetFenceEntry)) },
              }),
            },
          ]),
    ]);
    return true;
  } catch (error) {
    if (cancellationReasons(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/**
 * Counts one resume of a job whose lease ran out and extends its lease (one UpdateItem), on
 * condition that it still runs with the lease end the reconciler read. False when that changed.
 */
export function resumeEraseJob(
  apiKey: string,
  job: EraseJob & { leaseUntil: number },
  leaseUntil: number,
  now: number,
) {
  return updateJobIf(
    apiKey,
    job.jobId,
    resumeUpdate(leaseFields(apiKey, job.jobId, leaseUntil), job.leaseUntil, now),
  );
}

/**
 * Keeps a job that waits for a worker slot from looking stalled: its lease extended to
 * `leaseUntil` when less than half of it is left (one conditional UpdateItem; see `holdUpdate`).
 */
export function holdEraseLease(
  apiKey: string,
  jobId: string,
  leaseUntil: number,
  halfway: number,
  now: number,
) {
  return updateJobIf(apiKey, jobId, holdUpdate(leaseFields(apiKey, jobId, leaseUntil), halfway, now));
}

/** A due-index item of an erasure job, as the reconciler hands it over; undefined when it is not one. */
export function dueEraseJob(item: Record<string, unknown>) {
  const apiKey = item.apiKey;
  const parsed = eraseJob.safeParse(withoutKeys(item));
  if (typeof apiKey !== 'string' || !parsed.success) return undefined;
  return { apiKey, job: parsed.data };
}

/** Most ids an API key may hold incarnations for (the credential item, read by every request, stays small). */
export const maxIncarnations = 1000;

/**
 * The credential update that moves `entries` (shared/db/incarnations.ts) to their next incarnation,
 * for ids re-created while their erasure runs, and the incarnations after it. Conditioned on the
 * values the caller read (a map never written: written whole), so of concurrent re-creations of one
 * id exactly one transaction succeeds and no bump is lost; at most `maxIncarnations` ids.
 */
export function incarnationBump(
  caller: Pick<ApiKeyCaller, 'apiKey' | 'incarnations' | 'storesIncarnations'>,
  entries: readonly string[],
): { item: TransactItem; next: Incarnations } {
  const bumped = Object.fromEntries(entries.map((entry) => [entry, (caller.incarnations[entry] ?? 0) + 1]));
  const next = { ...caller.incarnations, ...bumped };
  if (!caller.storesIncarnations)
    return {
      next,
      item: {
        Update: inTable({
          Key: keys.apiKeyCredential(caller.apiKey),
          UpdateExpression: 'SET incarnations = :map',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(incarnations)',
          ExpressionAttributeValues: { ':map': bumped },
        }),
      },
    };
  const names = Object.fromEntries(entries.map((entry, i) => [`#e${i}`, entry]));
  const conditions = entries.map((entry, i) =>
    caller.incarnations[entry] === undefined
      ? `attribute_not_exists(incarnations.#e${i})`
      : `incarnations.#e${i} = :was${i}`,
  );
  const added = entries.filter((entry) => caller.incarnations[entry] === undefined).length;
  return {
    next,
    item: {
      Update: inTable({
        Key: keys.apiKeyCredential(caller.apiKey),
        UpdateExpression: `SET ${entries.map((_, i) => `incarnations.#e${i} = :now${i}`).join(', ')}`,
        ConditionExpression: [...conditions, 'size(incarnations) <= :room'].join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':room': maxIncarnations - added,
          ...Object.fromEntries(entries.map((entry, i) => [`:now${i}`, bumped[entry]])),
          ...Object.fromEntries(
            entries.flatMap((entry, i) =>
              caller.incarnations[entry] === undefined ? [] : [[`:was${i}`, caller.incarnations[entry]]],
            ),
          ),
        },
      }),
    },
  };
}

/**
 * Writes `items` (creating re-created organizations or documents) after the incarnation bump in one
 * transaction (at most 99 items). Throws ABORTED when another request re-created one of the ids, or
 * changed the incarnations, since the caller's auth read (retry), RESOURCE_EXHAUSTED past
 * `maxIncarnations`.
 */
export async function writeWithBump(bump: TransactItem, items: readonly TransactItem[]): Promise<void> {
  try {
    await transactWrite([bump, ...items]);
  } catch (error) {
    if (cancellationReasons(error)?.[0] !== 'ConditionalCheckFailed') throw error;
    throw new ApiError(
      'ABORTED',
      'The deleted id was re-created by another request at the same time, or too many ids were re-created during their erasure; retry.',
    );
  }
}
