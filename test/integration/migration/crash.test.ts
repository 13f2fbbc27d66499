import { crashAfter, emptyDocumentView, migrationHarness, newId } from './support';

jest.setTimeout(60_000);

const harness = migrationHarness();

let uncrashedCalls = 0;

describe('the document-migration worker', () => {
  it('moves a seeded document in one run (the reference for the crash points)', async () => {
    const [from, to] = [newId('doc'), newId('moved')];
    const before = await harness.seedDocumentWithManyActivities(from);
    expect(before.activities).toHaveLength(153);
    const migrationId = await harness.migrate(from, to);
    const runs = await harness.queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    uncrashedCalls = runs[0]?.db.calls ?? 0;
    // Batches, not a call per record: 153 activities are 2 Queries and 2 transactions; the comment
    // thread counters (the document's, each reader's) a Query and a transaction.
    expect(uncrashedCalls).toBeLessThan(66);
    expect((await harness.statusOf(migrationId)).status).toBe('completed');
    expect(await harness.documentView(to)).toEqual(before);
  });

  // Crash points spread over the whole run: the claim (3, after the worker slot's claim and the job
  // read), the target check (6), then fractions of the uncrashed run (access entries, activity
  // batches, notifications, comments, CRDT passes, judgments, the document item), and the
  // completion (-6: after it come the old id's access stamp, its connections' Query, its live
  // states' Query and their index's delete, then the worker slot's release).
  it.each([3, 6, 0.3, 0.45, 0.6, 0.75, 0.9, -7, -6])(
    'crashes after call %p (fraction: of the uncrashed run; negative: from its end), then the redelivered message completes the move with every record exactly once',
    async (point) => {
      expect(uncrashedCalls).toBeGreaterThan(20);
      const crashAt =
        point >= 1 ? point : point > 0 ? Math.round(uncrashedCalls * point) : uncrashedCalls + point;
      const [from, to] = [newId('doc'), newId('moved')];
      const before = await harness.seedDocumentWithManyActivities(from);
      const migrationId = await harness.migrate(from, to);
      const crash = crashAfter(crashAt);
      const crashed = await harness.queue.runWorkerOnce();
      crash.mockRestore();
      expect(crashed?.failed).toBe(true);
      expect((await harness.statusOf(migrationId)).status).toBe('in_progress');

      const redelivered = await harness.queue.drain();
      expect(redelivered.map((run) => [run.failed, run.receiveCount])).toEqual([[false, 2]]);
      expect(await harness.statusOf(migrationId)).toMatchObject({ status: 'completed' });
      expect(await harness.documentView(to)).toEqual(before);
      expect(await harness.documentView(from)).toMatchObject(emptyDocumentView);
    },
  );
});
