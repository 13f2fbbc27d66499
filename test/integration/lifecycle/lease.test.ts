import { randomUUID } from 'node:crypto';
import { dueHandlers } from '../../../functions/workers/due-handlers';
import { logger } from '../../../shared/core/logger';
import { eraseJobDueHandler } from '../../../shared/lifecycle/reconcile';
import { jobLeaseMs } from '../../../shared/reconcile/lease';
import { reconcile } from '../../../shared/reconcile/reconciler';
import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { type MigrationQueue, seedDocument, startMigrationQueue } from '../migration/support';
import { nothingStored, storedUnderOrganization } from './support';

jest.setTimeout(60_000);

process.env.ERASE_SETTLE_SECONDS = '0';

let queue: MigrationQueue;
let workspace: TestWorkspace;

beforeAll(async () => {
  // The sweep spans every tenant of the table: a table of its own keeps other files' jobs out.
  queue = await startMigrationQueue({ ownTable: true });
  workspace = await createTestWorkspace();
});
afterAll(() => queue.stop());

const queued = () => queue.sqs.server.inspectQueue('document-migration')?.messages.ready.length ?? 0;

describe('erasure job leases and the reconciler', () => {
  it('resumes an erasure whose message was lost once its lease has run out (once for racing sweeps), and the fence holds until it completes', async () => {
    expect(dueHandlers).toContain(eraseJobDueHandler);
    const organizationId = `org-${randomUUID()}`;
    const documentIds = [`doc-${randomUUID()}`];
    await seedDocument(workspace, organizationId, documentIds[0]!);
    const stored = await storedUnderOrganization(workspace.apiKey, organizationId, documentIds);
    const deletedAt = Date.now();
    await succeed(workspace, 'organizations.delete', { organizationIds: [organizationId] });
    queue.sqs.server.reset();
    expect(queued()).toBe(0);

    const leaseEnd = deletedAt + jobLeaseMs();
    const sweep = (now: number) => reconcile(dueHandlers, logger, { now });
    // Not yet due: nothing happens, and the organization stays fenced.
    expect((await sweep(deletedAt + 1000)).eraseJob).toBeUndefined();
    expect((await callAs(workspace, 'activities.get', { organizationId })).json.error?.status).toBe(
      'NOT_FOUND',
    );
    // Overdue, two sweeps at once: one resume, one message.
    const raced = await Promise.all([sweep(leaseEnd + 5000), sweep(leaseEnd + 5000)]);
    expect((raced[0].eraseJob ?? 0) + (raced[1].eraseJob ?? 0)).toBe(1);
    expect(queued()).toBe(1);

    const runs = await queue.drain();
    expect(runs.map((run) => run.failed)).toEqual([false]);
    expect(await storedUnderOrganization(workspace.apiKey, organizationId, documentIds)).toEqual(
      nothingStored(stored),
    );
    // Completed: out of the due index, the id free again.
    expect((await sweep(leaseEnd + 10 * jobLeaseMs())).eraseJob).toBeUndefined();
    await succeed(workspace, 'organizations.add', { organizations: [{ organizationId }] });
    expect(await succeed(workspace, 'activities.get', { organizationId })).toEqual([]);
  });
});
