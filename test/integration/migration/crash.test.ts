import type { TestWorkspace } from '../../support/workspaces';
import {
  crashAfter,
  documentView,
  type MigrationQueue,
  migrate,
  newId,
  organizationId,
  seedDocumentWithManyActivities,
  startMigrationSuite,
  statusOf,
} from './support';

jest.setTimeout(60_000);

let queue: MigrationQueue;
let workspace: TestWorkspace;

beforeAll(async () => ({ queue, workspace } = await startMigrationSuite()));
afterAll(() => queue.stop());

let uncrashedCalls = 0;

describe('the document-migration worker', () => {
  it('moves a seeded document in one run (the reference for the crash points)', async () => {
    const [from, to] = [newId('doc'), newId('moved')];
    const before = await seedDocumentWithManyActivities(workspace, organizationId, from);
    expect(before.activities).toHaveLength(153);
    const migrationId = await migrate(workspace, organizationId, from, to);
    const runs = await queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    uncrashedCalls = runs[0]?.db.calls ?? 0;
    // Batches, not a call per record: 153 activities are 2 Queries and 2 transactions.
    expect(uncrashedCalls).toBeLessThan(60);
    expect((await statusOf(workspace, organizationId, migrationId)).status).toBe('completed');
    expect(await documentView(workspace, organizationId, to)).toEqual(before);
  });

  // Crash points spread over the whole run: the claim (2), the target check (5), then fractions of
  // the uncrashed run (access entries, activity batches, notifications, comments, CRDT passes,
  // judgments, the document item), and the completion (-1: the last call).
  it.each([2, 5, 0.3, 0.45, 0.6, 0.75, 0.9, -2, -1])(
    'crashes after call %p (fraction: of the uncrashed run; negative: from its end), then the redelivered message completes the move with every record exactly once',
    async (point) => {
      expect(uncrashedCalls).toBeGreaterThan(20);
      const crashAt =
        point >= 1 ? point : point > 0 ? Math.round(uncrashedCalls * point) : uncrashedCalls + point;
      const [from, to] = [newId('doc'), newId('moved')];
      const before = await seedDocumentWithManyActivities(workspace, organizationId, from);
      const migrationId = await migrate(workspace, organizationId, from, to);
      const crash = crashAfter(crashAt);
      const crashed = await queue.runWorkerOnce();
      crash.mockRestore();
      expect(crashed?.failed).toBe(true);
      expect((await statusOf(workspace, organizationId, migrationId)).status).toBe('in_progress');

      const redelivered = await queue.drain();
      expect(redelivered.map((run) => [run.failed, run.receiveCount])).toEqual([[false, 2]]);
      expect(await statusOf(workspace, organizationId, migrationId)).toMatchObject({ status: 'completed' });
      expect(await documentView(workspace, organizationId, to)).toEqual(before);
      expect(await documentView(workspace, organizationId, from)).toMatchObject({
        documents: [],
        members: [],
        activities: [],
        notifications: [],
        bobInbox: [],
        carolInbox: [],
        crdt: [],
      });
    },
  );
});
