import { randomUUID } from 'node:crypto';
import { documentRecordMovers } from '../../../functions/workers/movers';
import { activityMover } from '../../../shared/activities/document-mover';
import { logger } from '../../../shared/core/logger';
import { measureDbCalls } from '../../../shared/db/metrics';
import { runMigration } from '../../../shared/migration/worker';
import { succeed } from '../../support/api';
import { migrationHarness, organizationId } from './support';

const harness = migrationHarness();

beforeAll(async () => {
  await succeed(harness.workspace, 'workspace.activityconfig.update', {
    activityServiceConfig: { isEnabled: true },
  });
});

describe('document migration at size', () => {
  it('reports the records moved so far per domain while it runs, after a hand-over and at completion', async () => {
    const [from, to] = [`progress-${randomUUID()}`, `moved-${randomUUID()}`];
    await harness.seedActivities(from, 250);
    const migrationId = await harness.migrate(from, to);
    expect(await harness.statusOf(migrationId)).toMatchObject({
      status: 'pending',
      moved: {},
    });
    // Counts written after every batch; each activity batch (100) takes 6 s of a clock the test
    // sets, so the run hands over to a new message after two batches (10 s), with 200 moved.
    const clock = { at: Date.now() };
    const seen: unknown[] = [];
    const slowActivities = {
      ...activityMover,
      moveBatch: async (move: Parameters<typeof activityMover.moveBatch>[0], cursor?: never) => {
        clock.at += 6_000;
        const batch = await activityMover.moveBatch(move, cursor);
        seen.push((await harness.statusOf(migrationId)).moved);
        return batch;
      },
    };
    await runMigration(
      { apiKey: harness.workspace.apiKey, organizationId, migrationId, sentAt: Date.now() },
      { log: logger },
      { movers: [slowActivities], now: () => clock.at, budgetMs: 10_000, progressEveryBatches: 1 },
    );
    // What a status call showed during each batch: the counts written after the one before.
    expect(seen).toEqual([{}, { activities: 100 }]);
    expect(await harness.statusOf(migrationId)).toEqual({
      migrationId,
      status: 'in_progress',
      moved: { activities: 200 },
    });

    expect((await harness.queue.drain()).map((run) => run.failed)).not.toContain(true);
    const done = await harness.statusOf(migrationId);
    expect(done).toMatchObject({ status: 'completed' });
    // Every domain's mover ran; only activities had records.
    expect(Object.keys(done.moved).sort()).toEqual(documentRecordMovers.map((mover) => mover.name).sort());
    expect(done.moved).toMatchObject({ activities: 250 });
    expect(Object.values(done.moved).reduce((sum, count) => sum + count, 0)).toBe(250);
  }, 120_000);

  it('moves activities in batches of one timeline Query and one transaction of 100 conditional updates', async () => {
    const [from, to] = [`batch-${randomUUID()}`, `moved-${randomUUID()}`];
    await harness.seedActivities(from, 150);
    const move = { apiKey: harness.workspace.apiKey, organizationId, from, to };
    const first = await measureDbCalls(() => activityMover.moveBatch(move));
    expect(first.result.moved).toBe(100);
    expect(first.stats.commands).toEqual(['Query', 'TransactWriteItems']);
    const second = await measureDbCalls(() => activityMover.moveBatch(move, first.result.cursor));
    expect(second.result).toEqual({ moved: 50 });
    // Repeating the move (a redelivered message) finds nothing left and changes nothing.
    const repeat = await measureDbCalls(() => activityMover.moveBatch(move));
    expect(repeat.result).toEqual({ moved: 0 });
    expect(repeat.stats.commands).toEqual(['Query']);
    expect(await harness.activityIds(to)).toHaveLength(150);
  }, 60_000);

  it('moves each activity once when two runs move the same batch at the same time (a duplicate message)', async () => {
    const [from, to] = [`twice-${randomUUID()}`, `moved-${randomUUID()}`];
    await harness.seedActivities(from, 100);
    const move = { apiKey: harness.workspace.apiKey, organizationId, from, to };
    const results = await Promise.all([activityMover.moveBatch(move), activityMover.moveBatch(move)]);
    expect(results[0].moved + results[1].moved).toBe(100);
    expect(new Set(await harness.activityIds(to)).size).toBe(100);
    expect(await harness.activityIds(from)).toEqual([]);
  }, 60_000);
});
