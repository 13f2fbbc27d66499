import { randomUUID } from 'node:crypto';
import { putNewActivities } from '../../../shared/activities/repository';
import { db } from '../../../shared/db/client';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import {
  documentView,
  type MigrationQueue,
  migrate,
  seedDocument,
  startMigrationQueue,
  statusOf,
} from './support';

jest.setTimeout(60_000);

let queue: MigrationQueue;
let workspace: TestWorkspace;
const organizationId = 'org';

beforeAll(async () => {
  queue = await startMigrationQueue();
  workspace = await createTestWorkspace();
});
afterAll(() => queue.stop());

/** Every record kind, plus 150 more activities so that activities take two batches. */
async function seed(documentId: string) {
  await seedDocument(workspace, organizationId, documentId);
  const now = Date.now();
  const tag = randomUUID().slice(0, 8);
  await putNewActivities(
    workspace.apiKey,
    Array.from({ length: 150 }, (_, index) => ({
      id: `${tag}-bulk-${index}`,
      featureType: 'custom' as const,
      actionType: 'bulk',
      actionUser: { userId: 'bob' },
      metadata: { apiKey: workspace.apiKey, documentId, organizationId },
      timestamp: now - index,
    })),
    now,
  );
  return documentView(workspace, organizationId, documentId);
}

/**
 * Fails every DynamoDB call after the first `calls` of the worker, as if its process died there:
 * calls in flight at that moment complete or not, nothing after them happens.
 */
function crashAfter(calls: number) {
  const client = db();
  const send = client.send.bind(client);
  let made = 0;
  return jest.spyOn(client, 'send').mockImplementation(((command: Parameters<typeof send>[0]) => {
    made += 1;
    return made > calls ? Promise.reject(new Error('injected crash')) : send(command);
  }) as typeof client.send);
}

let uncrashedCalls = 0;

describe('the document-migration worker', () => {
  it('moves a seeded document in one run (the reference for the crash points)', async () => {
    const [from, to] = [`doc-${randomUUID()}`, `moved-${randomUUID()}`];
    const before = await seed(from);
    expect(before.activities).toHaveLength(153);
    const migrationId = await migrate(workspace, organizationId, from, to);
    const runs = await queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    uncrashedCalls = runs[0]?.db.calls ?? 0;
    expect((await statusOf(workspace, organizationId, migrationId)).status).toBe('completed');
    expect(await documentView(workspace, organizationId, to)).toEqual(before);
  });

  // Crash points from the claim through the target check, the access entries, the activity
  // batches, the notifications, both CRDT passes, the document item and the completion.
  it.each([2, 6, 60, 130, -12, -7, -3, -1])(
    'crashes after call %i (negative: counted from the end), then the redelivered message completes the move with every record exactly once',
    async (point) => {
      expect(uncrashedCalls).toBeGreaterThan(150);
      const crashAt = point > 0 ? point : uncrashedCalls + point;
      const [from, to] = [`doc-${randomUUID()}`, `moved-${randomUUID()}`];
      const before = await seed(from);
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
