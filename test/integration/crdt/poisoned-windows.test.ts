import { dueHandlers } from '../../../functions/workers/due-handlers';
import { logger } from '../../../shared/core/logger';
import { openOrMarkEventWindow } from '../../../shared/crdt/repository';
import { eventWindowMs } from '../../../shared/crdt/update-events';
import { metricNames } from '../../../shared/observability/metric-names';
import { reconcile } from '../../../shared/reconcile/reconciler';
import { listQuarantined } from '../../../shared/reconcile/repository';
import { succeed } from '../../support/api';
import { outboxEvents } from '../../support/outbox';
import { useOwnTable } from '../../support/own-table';
import { createTestWorkspace } from '../../support/workspaces';
import { newEditor, storePoisonedEditor } from './support';

/**
 * Issue 27: a tenant's poisoned editors (content nested 5,000 levels, stored before the check) have
 * pending event windows; they must not hold up another tenant's windows, and they end quarantined.
 */
jest.setTimeout(120_000);

const log = logger.createChild({ persistentKeys: { test: 'poisoned-windows' } });

// The sweeps span every tenant of the table: a table of its own keeps other files' due work out.
beforeAll(() => useOwnTable('poisoned-windows'));

/** Opens an editor's event window and marks it pending, as two client edits within 10 s do. */
async function pendingWindow(apiKey: string, ref: ReturnType<typeof newEditor>, at: number) {
  await openOrMarkEventWindow(apiKey, ref, at, eventWindowMs);
  await openOrMarkEventWindow(apiKey, ref, at + 1, eventWindowMs);
}

/** The `ReconcilerQuarantined` values recorded (as embedded-metric lines) while `run` runs in "Lambda". */
async function quarantineMetrics(run: () => Promise<unknown>): Promise<number[]> {
  const written: string[] = [];
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'collab-backend-test-reconciler';
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  }
  return written
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes(`"${metricNames.reconcilerQuarantined}"`))
    .map((line) => JSON.parse(line)[metricNames.reconcilerQuarantined] as number);
}

describe('reconciler: a failing due item is isolated, backed off and quarantined', () => {
  it("publishes another tenant's windows in the first sweep; the poisoned ones end quarantined after 5 sweeps", async () => {
    const noisy = await createTestWorkspace();
    const quiet = await createTestWorkspace();
    const start = Date.now();
    const poisoned = Array.from({ length: 6 }, (_, index) => newEditor(`poisoned-${index}`));
    for (const ref of poisoned) {
      await storePoisonedEditor(noisy.apiKey, ref);
      await pendingWindow(noisy.apiKey, ref, start);
    }
    const healthy = Array.from({ length: 3 }, (_, index) => newEditor(`healthy-${index}`));
    for (const ref of healthy) {
      await succeed(quiet, 'crdt.add', { ...ref, type: 'text', data: `text ${ref.editorId}` });
      await pendingWindow(quiet.apiKey, ref, start);
    }
    const quietEvents = async () =>
      (await outboxEvents(quiet.apiKey)).filter((event) => event.event === 'crdt.update_data');

    // Sweep 1, once the windows are over: the quiet tenant's three are published.
    let at = start + eventWindowMs + 1_000;
    expect(await reconcile(dueHandlers, log, { now: at })).toMatchObject({ crdtEventWindow: 3 });
    expect((await quietEvents()).map((event) => event.data.editorId).sort()).toEqual(
      healthy.map((ref) => ref.editorId).sort(),
    );
    expect(await listQuarantined()).toEqual([]);

    // Sweeps 2–4, each after the back-off (1, 2, 4, 8 minutes; an hour is past any of them): still failing.
    for (let sweep = 2; sweep <= 4; sweep += 1) {
      at += 60 * 60 * 1000;
      await reconcile(dueHandlers, log, { now: at });
      expect(await listQuarantined()).toEqual([]);
    }
    // Before its back-off ends, a failed item is not handed over again.
    const early = await quarantineMetrics(() => reconcile(dueHandlers, log, { now: at + 1_000 }));
    expect(early).toEqual([]);

    // Sweep 5: the fifth failure in a row quarantines all six, with the metric.
    at += 60 * 60 * 1000;
    expect(await quarantineMetrics(() => reconcile(dueHandlers, log, { now: at }))).toEqual([6]);
    const quarantined = await listQuarantined();
    expect(quarantined.map((item) => item.editorId).sort()).toEqual(
      poisoned.map((ref) => ref.editorId).sort(),
    );
    for (const item of quarantined) {
      expect(item).toMatchObject({ apiKey: noisy.apiKey, pending: true, dueFailures: 5 });
      expect(item.dueError).toContain('nested deeper than');
    }
    // Quarantined items are out of the sweep; the quiet tenant's events were published once.
    expect(await reconcile(dueHandlers, log, { now: at + 24 * 60 * 60 * 1000 })).not.toHaveProperty(
      'crdtEventWindow',
    );
    expect(await quietEvents()).toHaveLength(3);
    expect(await outboxEvents(noisy.apiKey)).toEqual([]);
  });
});
