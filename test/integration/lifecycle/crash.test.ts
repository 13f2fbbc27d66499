import { randomUUID } from 'node:crypto';
import { putNewActivities } from '../../../shared/activities/repository';
import { callAs, succeed } from '../../support/api';
import { crashAfter, documentView, seedDocument } from '../migration/support';
import {
  crashAtWrite,
  nothingStored,
  storedUnderDocument,
  storedUnderOrganization,
  useJobQueueAndWorkspaces,
} from './support';

jest.setTimeout(90_000);

const setup = useJobQueueAndWorkspaces();

/** An organization with two seeded documents, plus 150 more activities so activities take two batches. */
async function seedOrganization() {
  const organizationId = `org-${randomUUID()}`;
  const documentIds = [`doc-${randomUUID()}`, `doc-${randomUUID()}`];
  for (const documentId of documentIds) await seedDocument(setup.workspace, organizationId, documentId);
  const now = Date.now();
  await putNewActivities(
    setup.workspace.apiKey,
    Array.from({ length: 150 }, (_, index) => ({
      id: `bulk-${index}`,
      featureType: 'custom' as const,
      actionType: 'bulk',
      actionUser: { userId: 'bob' },
      metadata: { apiKey: setup.workspace.apiKey, documentId: documentIds[0]!, organizationId },
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
  const run = await setup.queue.runWorkerOnce();
  crash.mockRestore();
  return run?.failed === true;
}

const uncrashed = { organization: 0, document: 0 };

describe('the erasure worker', () => {
  it('erases a deleted organization in one run (the reference for the crash points)', async () => {
    const { organizationId, documentIds } = await seedOrganization();
    const stored = await storedUnderOrganization(setup.workspace.apiKey, organizationId, documentIds);
    await succeed(setup.workspace, 'organizations.delete', { organizationIds: [organizationId] });
    const runs = await setup.queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    uncrashed.organization = runs[0]?.db.calls ?? 0;
    expect(await storedUnderOrganization(setup.workspace.apiKey, organizationId, documentIds)).toEqual(
      nothingStored(stored),
    );

    const documented = await seedOrganization();
    await succeed(setup.workspace, 'organizations.documents.delete', {
      organizationId: documented.organizationId,
      documentIds: [documented.documentIds[0]],
    });
    const documentRuns = await setup.queue.drain();
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
      const stored = await storedUnderOrganization(setup.workspace.apiKey, organizationId, documentIds);
      await succeed(setup.workspace, 'organizations.delete', { organizationIds: [organizationId] });
      expect(await crashedRun(crashAt)).toBe(true);
      // Still invisible after the crash.
      expect((await callAs(setup.workspace, 'activities.get', { organizationId })).json.error?.status).toBe(
        'NOT_FOUND',
      );

      const redelivered = await setup.queue.drain();
      expect(redelivered.map((run) => [run.failed, run.receiveCount])).toEqual([[false, 2]]);
      expect(await storedUnderOrganization(setup.workspace.apiKey, organizationId, documentIds)).toEqual(
        nothingStored(stored),
      );
      await succeed(setup.workspace, 'organizations.add', { organizations: [{ organizationId }] });
      expect(await succeed(setup.workspace, 'activities.get', { organizationId })).toEqual([]);
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
      const siblingBefore = await documentView(setup.workspace, organizationId, sibling);
      const stored = await storedUnderDocument(setup.workspace.apiKey, organizationId, documentId);
      await succeed(setup.workspace, 'organizations.documents.delete', {
        organizationId,
        documentIds: [documentId],
      });
      expect(await crashedRun(crashAt)).toBe(true);
      const redelivered = await setup.queue.drain();
      expect(redelivered.map((run) => run.failed)).toEqual([false]);
      expect(await storedUnderDocument(setup.workspace.apiKey, organizationId, documentId)).toEqual(
        nothingStored(stored),
      );
      expect(await documentView(setup.workspace, organizationId, sibling)).toEqual(siblingBefore);
      await succeed(setup.workspace, 'crdt.add', {
        organizationId,
        documentId,
        editorId: 'e1',
        type: 'text',
        data: 'x',
      });
    },
  );
});
