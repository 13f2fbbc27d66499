import { dueHandlers } from '../../../functions/workers/due-handlers';
import { documentRecordMovers } from '../../../functions/workers/movers';
import { activityMover } from '../../../shared/activities/document-mover';
import { logger } from '../../../shared/core/logger';
import { maxResumes, migrationJobDueHandler } from '../../../shared/migration/reconcile';
import { findJob } from '../../../shared/migration/repository';
import type { MigrationMessage } from '../../../shared/migration/schemas';
import { runMigration } from '../../../shared/migration/worker';
import type { DocumentRecordMover } from '../../../shared/plugins/mover';
import { jobLeaseMs } from '../../../shared/reconcile/lease';
import { type DueHandler, reconcile } from '../../../shared/reconcile/reconciler';
import { emptyDocumentView, migrationHarness, newId, organizationId } from './support';

jest.setTimeout(60_000);

let lease: number;

const harness = migrationHarness({ ownTable: true });

beforeAll(async () => {
  lease = jobLeaseMs();
});

/** Loses every message on the queue (one dead-lettered or lost in AWS). */
const loseMessages = () => harness.queue.sqs.server.reset();

/** A job as stored, with its lease and resume count. */
async function jobOf(migrationId: string) {
  const found = await findJob(harness.workspace.apiKey, organizationId, migrationId);
  if (!found) throw new Error(`migration ${migrationId} does not exist`);
  return found.job;
}

type Item = Record<string, unknown>;

/**
 * One reconciler sweep at `now` (the file's table holds only its own jobs) with the registered
 * migration-job handler; the outbox events the seeding published are other handlers' work. Returns
 * the items handed to the handler, their job ids, and how many jobs it resumed or failed.
 * `readOnly`: the items are collected and not handled (what a slower sweep has read).
 */
async function sweep(now: number, { readOnly = false } = {}) {
  const items: Item[] = [];
  const handlers = dueHandlers
    .filter((handler) => handler.entity === 'migrationJob')
    .map(
      (handler): DueHandler => ({
        entity: handler.entity,
        handle: async (due, at, log) => {
          items.push(...due);
          return readOnly ? 0 : handler.handle(due, at, log);
        },
      }),
    );
  const counts = await reconcile(handlers, logger, { now });
  return { items, seen: items.map((item) => item.migrationId), handled: counts.migrationJob ?? 0 };
}

/** Fails every activity batch, as a worker that dies at the same place on every run. */
const crashActivities = () =>
  jest.spyOn(activityMover, 'moveBatch').mockRejectedValue(new Error('injected crash'));

/**
 * The real movers on a simulated clock: every batch takes `step` of it, so a run can outlast its
 * lease within a test.
 */
const slowMovers = (clock: { at: number }, step: number): DocumentRecordMover[] =>
  documentRecordMovers.map((mover) => ({
    ...mover,
    moveBatch: (move, cursor) => {
      clock.at += step;
      return mover.moveBatch(move, cursor);
    },
  }));

const messageOf = (migrationId: string): MigrationMessage => ({
  apiKey: harness.workspace.apiKey,
  organizationId,
  migrationId,
  sentAt: Date.now(),
});

describe('migration job leases and the reconciler', () => {
  it('resumes a job whose message was lost once its lease has run out, once however many sweeps race, and the worker then moves every record exactly once', async () => {
    const [from, to] = [newId('doc'), newId('moved')];
    const before = await harness.seedDocumentWithManyActivities(from);
    expect(dueHandlers).toContain(migrationJobDueHandler);
    const migrationId = await harness.migrate(from, to);
    loseMessages();
    const job = await jobOf(migrationId);
    expect(job).toMatchObject({ status: 'pending' });
    const leaseUntil = job.leaseUntil as number;
    expect(leaseUntil - job.createdAt).toBe(lease);

    // Not yet due: nothing happens.
    expect((await sweep(leaseUntil - 1)).seen).toEqual([]);
    // Overdue, two sweeps at once: one resume, one message.
    const raced = await Promise.all([sweep(leaseUntil + 1), sweep(leaseUntil + 1)]);
    expect(raced[0].handled + raced[1].handled).toBe(1);
    expect(harness.queued()).toBe(1);
    // A sweep that read the job before the resume and handles it after: nothing more.
    const stale = raced.flatMap((result) => result.items);
    expect(stale.map((item) => item.migrationId)).toContain(migrationId);
    expect(await migrationJobDueHandler.handle(stale, leaseUntil + 2, logger)).toBe(0);
    expect(harness.queued()).toBe(1);
    expect(await jobOf(migrationId)).toMatchObject({
      status: 'pending',
      resumes: 1,
      leaseUntil: leaseUntil + 1 + lease,
    });

    const runs = await harness.queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    expect(await harness.statusOf(migrationId)).toMatchObject({ status: 'completed' });
    expect(await harness.documentView(to)).toEqual(before);
    expect(await harness.documentView(from)).toMatchObject(emptyDocumentView);
  });

  it(`fails a job whose worker crashes on every run after ${maxResumes} resumes, with a message saying what moved, and releases both documents`, async () => {
    const [from, to, later] = [newId('doc'), newId('moved'), newId('later')];
    const before = await harness.seedDocumentWithManyActivities(from);
    const migrationId = await harness.migrate(from, to);
    const crash = crashActivities();
    try {
      // Claimed, target checked, access entries moved, then the crash; the message dead-letters.
      expect((await harness.queue.runWorkerOnce())?.failed).toBe(true);
      loseMessages();
      for (let resume = 1; resume <= maxResumes; resume += 1) {
        const { leaseUntil } = await jobOf(migrationId);
        expect((await sweep((leaseUntil as number) + 1)).handled).toBe(1);
        expect(await jobOf(migrationId)).toMatchObject({ status: 'in_progress', resumes: resume });
        expect(harness.queued()).toBe(1);
        expect((await harness.queue.runWorkerOnce())?.failed).toBe(true);
        loseMessages();
      }
      const { leaseUntil } = await jobOf(migrationId);
      expect((await sweep((leaseUntil as number) + 1)).handled).toBe(1);
      expect(harness.queued()).toBe(0);
    } finally {
      crash.mockRestore();
    }
    const status = await harness.statusOf(migrationId);
    expect(status.status).toBe('failed');
    expect(status.message).toContain(`stopped making progress and ${maxResumes} resumes did not restart it`);
    expect(status.message).toContain(`Records it moved stay under ${to}, the rest stay under ${from}.`);
    // The failed job left the due index.
    expect((await sweep(Date.now() + 10 * lease)).seen).toEqual([]);
    // What moved before the crash stays moved: the access entries.
    expect((await harness.documentView(to)).members).toEqual(before.members);

    // Both documents are free again: a new migration of the same document runs to the end.
    const again = await harness.migrate(from, later);
    expect((await harness.queue.drain()).map((run) => run.failed)).toEqual([false]);
    expect(await harness.statusOf(again)).toMatchObject({ status: 'completed' });
    expect((await harness.documentView(later)).activities).toEqual(before.activities);
    expect(await harness.documentView(from)).toMatchObject(emptyDocumentView);
  });

  it('leaves a job that makes progress alone: its worker renews the lease past the time it was first due', async () => {
    const [from, to] = [newId('doc'), newId('moved')];
    const before = await harness.seedDocumentWithManyActivities(from);
    const migrationId = await harness.migrate(from, to);
    loseMessages();
    const firstDue = (await jobOf(migrationId)).leaseUntil as number;
    // Each batch takes 0.3 of a lease; the run hands over after 1.5 leases.
    const clock = { at: Date.now() };
    await runMigration(
      messageOf(migrationId),
      { log: logger },
      { movers: slowMovers(clock, 0.3 * lease), now: () => clock.at, budgetMs: 1.5 * lease },
    );
    expect(clock.at).toBeGreaterThan(firstDue + 0.5 * lease);
    const renewed = await jobOf(migrationId);
    expect(renewed.status).toBe('in_progress');
    expect(renewed.leaseUntil).toBeGreaterThan(clock.at);
    expect(harness.queued()).toBe(1);

    const swept = await sweep(clock.at);
    expect(swept).toEqual({ items: [], seen: [], handled: 0 });
    expect(await jobOf(migrationId)).toEqual(renewed);

    expect((await harness.queue.drain()).map((run) => run.failed)).toEqual([false]);
    expect(await harness.statusOf(migrationId)).toMatchObject({ status: 'completed' });
    expect(await harness.documentView(to)).toEqual(before);
  });

  it('clears the resume count of a resumed job as soon as its worker moves records again', async () => {
    const [from, to] = [newId('doc'), newId('moved')];
    const before = await harness.seedDocumentWithManyActivities(from);
    const migrationId = await harness.migrate(from, to);
    const crash = crashActivities();
    try {
      expect((await harness.queue.runWorkerOnce())?.failed).toBe(true);
    } finally {
      crash.mockRestore();
    }
    loseMessages();
    const { leaseUntil } = await jobOf(migrationId);
    const sweptAt = (leaseUntil as number) + 1;
    expect((await sweep(sweptAt)).handled).toBe(1);
    expect(await jobOf(migrationId)).toMatchObject({ status: 'in_progress', resumes: 1 });
    loseMessages();

    // From the resume on: access entries (already moved), then a batch of 100 activities; the run
    // hands over after half a lease.
    const clock = { at: sweptAt };
    await runMigration(
      messageOf(migrationId),
      { log: logger },
      { movers: slowMovers(clock, 0.3 * lease), now: () => clock.at, budgetMs: 0.5 * lease },
    );
    const progressed = await jobOf(migrationId);
    expect(progressed.status).toBe('in_progress');
    expect(progressed.resumes).toBeUndefined();
    expect((await harness.documentView(to)).activities.length).toBeGreaterThanOrEqual(100);

    expect((await harness.queue.drain()).map((run) => run.failed)).toEqual([false]);
    expect(await harness.statusOf(migrationId)).toMatchObject({ status: 'completed' });
    expect(await harness.documentView(to)).toEqual(before);
  });

  it('takes a completed job out of the due index in its completing write, and leaves it alone when a sweep read it before', async () => {
    const [from, to] = [newId('doc'), newId('moved')];
    await harness.seedDocument(from);
    const migrationId = await harness.migrate(from, to);
    const { leaseUntil } = await jobOf(migrationId);
    // A sweep reads the job as overdue, and the job completes before it handles it.
    const { items } = await sweep((leaseUntil as number) + 1, { readOnly: true });
    expect(items.map((item) => item.migrationId)).toEqual([migrationId]);
    expect((await harness.queue.drain()).map((run) => run.failed)).toEqual([false]);
    const completed = await jobOf(migrationId);
    expect(completed.status).toBe('completed');
    expect(completed.leaseUntil).toBeUndefined();
    expect(await migrationJobDueHandler.handle(items, (leaseUntil as number) + 1, logger)).toBe(0);
    expect(await jobOf(migrationId)).toEqual(completed);
    expect(harness.queued()).toBe(0);
    expect((await sweep(Date.now() + 10 * lease)).seen).toEqual([]);
  });
});
