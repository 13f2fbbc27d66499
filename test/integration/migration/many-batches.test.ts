import { randomUUID } from 'node:crypto';
import { succeed } from '../../support/api';
import { migrationHarness, organizationId } from './support';

// Batches of 10 activities (an operator's setting, MIGRATION_BATCH_RECORDS): a hundred batches out
// of 1,000 activities, where the default batch of 100 would need 10,000. One batch of the default
// size is large.test.ts's.
process.env.MIGRATION_BATCH_RECORDS = '10';

const harness = migrationHarness();

beforeAll(async () => {
  await succeed(harness.workspace, 'workspace.activityconfig.update', {
    activityServiceConfig: { isEnabled: true },
  });
});

describe('document migration over many batches', () => {
  it('moves every activity of a document that takes a hundred batches, with calls per batch, not per record', async () => {
    const [from, to] = [`big-${randomUUID()}`, `moved-${randomUUID()}`];
    await harness.seedActivities(from, 1_000);
    const migrationId = await harness.migrate(from, to);
    const runs = await harness.queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    // 100 batches of one Query and one transaction, plus the job's own steps.
    expect(runs[0]?.db.calls).toBeGreaterThan(200);
    expect(runs[0]?.db.calls).toBeLessThan(250);
    expect(await harness.statusOf(migrationId)).toMatchObject({
      status: 'completed',
      moved: { activities: 1_000 },
    });
    const moved = await harness.activityIds(to);
    expect(moved).toHaveLength(1_000);
    expect(new Set(moved).size).toBe(1_000);
    expect(await harness.activityIds(from)).toEqual([]);
    const [sample] = await succeed(harness.workspace, 'activities.get', {
      organizationId,
      activityIds: [moved[0]],
    });
    expect(sample.metadata).toEqual({ apiKey: harness.workspace.apiKey, documentId: to, organizationId });
  }, 120_000);
});
