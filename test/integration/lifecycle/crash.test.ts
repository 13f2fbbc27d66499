import { randomUUID } from 'node:crypto';
import { putNewActivities } from '../../../shared/activities/repository';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import {
  crashAfter,
  documentView,
  type MigrationQueue,
  seedDocument,
  startMigrationQueue,
} from '../migration/support';
import { crashAtWrite, nothingStored, storedUnderDocument, storedUnderOrganization } from './support';

jest.setTimeout(90_000);

process.env.ERASE_SETTLE_SECONDS = '0';

let queue: MigrationQueue;
let workspace: TestWorkspace;

beforeAll(async () => {
  queue = await startMigrationQueue();
  workspace = await createTestWorkspace();
});
afterAll(() => queue.stop());

/** An organization with two seeded documents, plus 150 more activities so activities take two batches. */
async function seedOrganization() {
  const organizationId = `org-${randomUUID()}`;
  const documentIds = [`doc-${randomUUID()}`, `doc-${randomUUID()}`];
  for (const documentId of documentIds) await seedDocument(workspace, organizationId, documentId);
  const now = Date.now();
  await putNewActivities(
    workspace.apiKey,
    Array.from({ length: 150 }, (_, index) => ({
      id: `bulk-${index}`,
      featureType: 'custom' as const,
      actionType: 'bulk',
      actionUser: { userId: 'bob' },
      metadata: { apiKey: workspace.apiKey, documentId: documentIds[0]!, organizationId },
      timestamp: now - index,
    })),
    now,
  );
  return { organizationId, documentIds };
}

/**
 * Runs the worker once with a crash after `calls` DynamoDB calls (or at the completion); true
 * when it crashed.
 */
async function crashedRun(calls: number | 'completion') {
  // The completing transaction lifts the fence: the last step of a run.
  const crash = calls === 'completion' ? crashAtWrite('DELETE erasing') : crashAfter(calls);
  const run = await queue.runWorkerOnce();
  crash.mockRestore();
  return run?.failed === true;
}

const uncrashed = { organization: 0, document: 0 };

describe('the erasure worker', () => {
  it('erases a deleted organization in one run (the reference for the crash points)', async () => {
    const { organizationId, documentIds } = await seedOrganization();
    const stored = await storedUnderOrganization(workspace.apiKey, organizationId, documentIds);
    await succeed(workspace, 'organizations.delete', { organizationIds: [organizationId] });
    const runs = await queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    uncrashed.organization = runs[0]?.db.calls ?? 0;
    expect(await storedUnderOrganization(workspace.apiKey, organizationId, documentIds)).toEqual(
      nothingStored(stored),
    );

    const documented = await seedOrganization();
    await succeed(workspace, 'organizations.documents.delete', {
      organizationId: documented.organizationId,
      documentIds: [documented.documentIds[0]],
    });
    const documentRuns = await queue.drain();
    expect(documentRuns.map((run) => run.failed)).toEqual([false]);
    uncrashed.document = documentRuns[0]?.db.calls ?? 0;
  });

  // Crash points spread over the whole run: the claim, the first batches, fractions of the
  // uncrashed run (every eraser in turn), and the completion that lifts the fence.
  it.each([1, 2, 0.2, 0.4, 0.6, 0.8, 'completion'] as const)(
    'crashes erasing an organization after call %p (fraction: of the uncrashed run); the redelivered message finishes with nothing left and the id free',
    async (point) => {
      expect(uncrashed.organization).toBeGreaterThan(20);
      const total = uncrashed.organization;
      const crashAt = typeof point === 'string' || point >= 1 ? point : Math.round(total * point);
      const { organizationId, documentIds } = await seedOrganization();
      const stored = await storedUnderOrganization(workspace.apiKey, organizationId, documentIds);
      await succeed(workspace, 'organizations.delete', { organizationIds: [organizationId] });
      expect(await crashedRun(crashAt)).toBe(true);
      // Still invisible after the crash.
      expect((await callAs(workspace, 'activities.get', { organizationId })).json.error?.status).toBe(
        'NOT_FOUND',
      );

      const redelivered = await queue.drain();
      expect(redelivered.map((run) => [run.failed, run.receiveCount])).toEqual([[false, 2]]);
      expect(await storedUnderOrganization(workspace.apiKey, organizationId, documentIds)).toEqual(
        nothingStored(stored),
      );
      await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
      expect(await succeed(workspace, 'activities.get', { organizationId })).toEqual([]);
    },
  );

  it.each([2, 0.3, 0.7, 'completion'] as const)(
    'crashes erasing a document after call %p; the redelivered message finishes with nothing left',
    async (point) => {
      const total = uncrashed.document;
      expect(total).toBeGreaterThan(10);
      const crashAt = typeof point === 'string' || point >= 1 ? point : Math.round(total * point);
      const { organizationId, documentIds } = await seedOrganization();
      const [documentId, sibling] = documentIds as [string, string];
      const siblingBefore = await documentView(workspace, organizationId, sibling);
      const stored = await storedUnderDocument(workspace.apiKey, organizationId, documentId);
      await succeed(workspace, 'organizations.documents.delete', {
        organizationId,
        documentIds: [documentId],
      });
      expect(await crashedRun(crashAt)).toBe(true);
      const redelivered = await queue.drain();
      expect(redelivered.map((run) => run.failed)).toEqual([false]);
      expect(await storedUnderDocument(workspace.apiKey, organizationId, documentId)).toEqual(
        nothingStored(stored),
      );
      expect(await documentView(workspace, organizationId, sibling)).toEqual(siblingBefore);
      await succeed(workspace, 'crdt.add', {
        organizationId,
        documentId,
        editorId: 'e1',
        type: 'text',
        data: 'x',
      });
    },
  );
});
