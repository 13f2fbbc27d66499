import { randomUUID } from 'node:crypto';
import { documentRecordMovers } from '../../../functions/workers/movers';
import { activityMover } from '../../../shared/activities/document-mover';
import { putNewActivities } from '../../../shared/activities/repository';
import { logger } from '../../../shared/core/logger';
import { measureDbCalls } from '../../../shared/db/metrics';
import { runMigration } from '../../../shared/migration/worker';
import { callAs, succeed } from '../../support/api';
import { dataOf } from '../../support/lambda';
import { migrationHarness, organizationId } from './support';

const harness = migrationHarness();

beforeAll(async () => {
  await succeed(harness.workspace, 'workspace.activityconfig.update', {
    activityServiceConfig: { isEnabled: true },
  });
});

/**
 * Writes `count` activities on a document straight through the repository (BatchWriteItem of 25),
 * eight slices in parallel.
 */
async function seedActivities(documentId: string, count: number) {
  const now = Date.now();
  const tag = randomUUID().slice(0, 8);
  const activities = Array.from({ length: count }, (_, index) => ({
    id: `${tag}-${index}`,
    featureType: 'custom' as const,
    actionType: 'bulk',
    actionUser: { userId: `user-${index % 7}` },
    metadata: { apiKey: harness.workspace.apiKey, documentId, organizationId },
    timestamp: now - index,
  }));
  const slice = Math.ceil(count / 8 / 25) * 25;
  await Promise.all(
    Array.from({ length: 8 }, (_, index) =>
      putNewActivities(harness.workspace.apiKey, activities.slice(index * slice, (index + 1) * slice), now),
    ),
  );
}

/** Every activity id on a document's timeline, walking activities.get pages of 1,000. */
async function activityIds(documentId: string) {
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const response = await callAs(harness.workspace, 'activities.get', {
      organizationId,
      documentId,
      pageToken,
    });
    ids.push(...(dataOf(response) as { id: string }[]).map((record) => record.id));
    pageToken = response.json.result?.pageToken;
  } while (pageToken);
  return ids;
}

describe('document migration at size', () => {
  it('moves a document with 10,000 activities completely', async () => {
    const [from, to] = [`big-${randomUUID()}`, `moved-${randomUUID()}`];
    await seedActivities(from, 10_000);
    const migrationId = await harness.migrate(from, to);
    const runs = await harness.queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    // 100 batches of one Query and one transaction, plus the job's own steps.
    expect(runs[0]?.db.calls).toBeLessThan(250);
    expect(await harness.statusOf(migrationId)).toMatchObject({ status: 'completed' });
    const moved = await activityIds(to);
    expect(moved).toHaveLength(10_000);
    expect(new Set(moved).size).toBe(10_000);
    expect(await activityIds(from)).toEqual([]);
    const [sample] = await succeed(harness.workspace, 'activities.get', {
      organizationId,
      activityIds: [moved[0]],
    });
    expect(sample.metadata).toEqual({ apiKey: harness.workspace.apiKey, documentId: to, organizationId });
  }, 300_000);

  it('reports the records moved so far per domain while it runs, after a hand-over and at completion', async () => {
    const [from, to] = [`progress-${randomUUID()}`, `moved-${randomUUID()}`];
    await seedActivities(from, 250);
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
    await seedActivities(from, 150);
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
    expect(await activityIds(to)).toHaveLength(150);
  }, 60_000);

  it('moves each activity once when two runs move the same batch at the same time (a duplicate message)', async () => {
    const [from, to] = [`twice-${randomUUID()}`, `moved-${randomUUID()}`];
    await seedActivities(from, 100);
    const move = { apiKey: harness.workspace.apiKey, organizationId, from, to };
    const results = await Promise.all([activityMover.moveBatch(move), activityMover.moveBatch(move)]);
    expect(results[0].moved + results[1].moved).toBe(100);
    expect(new Set(await activityIds(to)).size).toBe(100);
    expect(await activityIds(from)).toEqual([]);
  }, 60_000);
});
