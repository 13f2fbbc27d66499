import { randomUUID } from 'node:crypto';
import { incarnationEntry, withIncarnations } from '../../../shared/db/incarnations';
import { incarnationBump, writeWithBump } from '../../../shared/lifecycle/repository';
import { apiKeyCaller } from '../../../shared/workspace/credentials';
import { callAs, succeed } from '../../support/api';
import { documentView, migrate, seedDocument, statusOf } from '../migration/support';
import {
  acrossDocuments,
  broadcastCursor,
  emptyDocumentView,
  incarnations,
  nothingStored,
  storedUnderDocument,
  storedUnderOrganization,
  useJobQueueAndWorkspaces,
} from './support';

jest.setTimeout(120_000);

const setup = useJobQueueAndWorkspaces();

/** What is stored under an organization in incarnation `n` (keys built as its job builds them). */
const storedIn = (organizationId: string, n: number, documentIds: string[]) =>
  withIncarnations(n === 0 ? {} : { [incarnationEntry(organizationId)]: n }, () =>
    storedUnderOrganization(setup.workspace.apiKey, organizationId, documentIds),
  );

/** Everything the API shows of an organization: its documents' views, users, folders, and what spans documents. */
async function organizationView(organizationId: string, documentIds: string[]) {
  return {
    organizations: await succeed(setup.workspace, 'organizations.get', {
      organizationIds: [organizationId],
    }).then((found: { id: string }[]) => found.map((organization) => organization.id)),
    documents: await Promise.all(documentIds.map((id) => documentView(setup.workspace, organizationId, id))),
    users: await succeed(setup.workspace, 'users.get', { organizationId }),
    folders: await succeed(setup.workspace, 'organizations.folders.get', { organizationId }),
    ...(await acrossDocuments(setup.workspace, organizationId)),
  };
}

describe('organizations.add of an organization whose erasure has not run yet', () => {
  it('creates it empty at once, twice; the old jobs then erase only the old incarnations and the new data survives', async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentIds = [`doc-${randomUUID()}`, `doc-${randomUUID()}`];
    for (const documentId of documentIds) {
      await seedDocument(setup.workspace, organizationId, documentId);
      await broadcastCursor(setup.workspace, organizationId, documentId, 0);
    }
    // A finished migration leaves its job in the organization.
    await migrate(setup.workspace, organizationId, 'nothing', 'nothing-either');
    await setup.queue.drain();
    await seedDocument(setup.other, organizationId, documentIds[0]!);
    const otherBefore = await documentView(setup.other, organizationId, documentIds[0]!);
    const empty = await emptyDocumentView(setup.workspace, organizationId);
    const stored: Record<string, number>[] = [await storedIn(organizationId, 0, documentIds)];
    expect(Object.values(stored[0]!).every((count) => count > 0)).toBe(true);

    // Twice: delete, re-create at once (its job held back in the queue), then new data in it.
    for (const n of [1, 2]) {
      await succeed(setup.workspace, 'organizations.delete', { organizationIds: [organizationId] });
      // What the delete call left for the job (it removed the organization item and live state).
      stored[n - 1] = await storedIn(organizationId, n - 1, documentIds);
      const added = await succeed(setup.workspace, 'organizations.add', {
        organizations: [{ organizationId }],
      });
      expect(added[organizationId]).toMatchObject({ success: true, message: 'Organization added.' });
      expect((await incarnations(setup.workspace))[incarnationEntry(organizationId)]).toBe(n);

      // Empty in every read route, while the old incarnations' records are all still stored.
      expect(await organizationView(organizationId, documentIds)).toEqual({
        organizations: [organizationId],
        documents: [empty, empty],
        users: [],
        folders: [],
        activities: [],
        bobInbox: [],
        threads: [],
        judged: [],
        bobData: [],
      });
      for (const [k, before] of stored.entries())
        expect(await storedIn(organizationId, k, documentIds)).toEqual(before);

      await seedDocument(setup.workspace, organizationId, documentIds[0]!);
      await broadcastCursor(setup.workspace, organizationId, documentIds[0]!, n);
      stored.push(await storedIn(organizationId, n, documentIds));
    }
    // A migration in the newest incarnation, queued behind both erasures.
    const moved = `moved-${randomUUID()}`;
    await seedDocument(setup.workspace, organizationId, documentIds[1]!);
    const beforeMove = await documentView(setup.workspace, organizationId, documentIds[1]!);
    const migrationId = await migrate(setup.workspace, organizationId, documentIds[1]!, moved);
    const current = await organizationView(organizationId, [documentIds[0]!]);
    expect(current.activities.length).toBeGreaterThan(0);
    expect(current.judged.length).toBeGreaterThan(0);
    expect(current.bobData.length).toBeGreaterThan(0);

    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    expect((await statusOf(setup.workspace, organizationId, migrationId)).status).toBe('completed');

    // Nothing of incarnations 0 and 1 is left; incarnation 2 is as it was, the migration done in it.
    expect(await storedIn(organizationId, 0, documentIds)).toEqual(nothingStored(stored[0]!));
    expect(await storedIn(organizationId, 1, documentIds)).toEqual(nothingStored(stored[1]!));
    // (Records naming the migrated document changed their document id: documentView(moved) shows them.)
    const unmigrated = (view: typeof current) =>
      Object.fromEntries(
        Object.entries(view).map(([name, values]) => [
          name,
          (values as unknown[]).filter(
            (value) => ![documentIds[1]!, moved].some((id) => JSON.stringify(value).includes(id)),
          ),
        ]),
      );
    expect(unmigrated(await organizationView(organizationId, [documentIds[0]!]))).toEqual(
      unmigrated(current),
    );
    expect(await documentView(setup.workspace, organizationId, moved)).toEqual(beforeMove);
    // Only its own fences were lifted: the id is usable, and another API key's organization untouched.
    expect((await apiKeyCaller(setup.workspace.apiKey))?.erasing.size).toBe(0);
    expect(await documentView(setup.other, organizationId, documentIds[0]!)).toEqual(otherBefore);
  });

  it('keeps a re-created organization apart from every other tenant', async () => {
    const organizationId = `org-${randomUUID()}`;
    await seedDocument(setup.other, organizationId, 'shared-doc');
    const before = await documentView(setup.other, organizationId, 'shared-doc');
    await succeed(setup.workspace, 'organizations.add', { organizations: [{ organizationId }] });
    await succeed(setup.workspace, 'organizations.delete', { organizationIds: [organizationId] });
    await succeed(setup.workspace, 'organizations.add', { organizations: [{ organizationId }] });
    // The other key's organization keeps incarnation 0 and everything in it.
    expect(await incarnations(setup.other)).toEqual({});
    await setup.queue.drain();
    expect(await documentView(setup.other, organizationId, 'shared-doc')).toEqual(before);
  });
});

describe('organizations.documents.delete in a re-created organization', () => {
  it("erases the document in the organization's new incarnation and lifts only its own fence", async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    await succeed(setup.workspace, 'organizations.add', { organizations: [{ organizationId }] });
    await succeed(setup.workspace, 'organizations.delete', { organizationIds: [organizationId] });
    await succeed(setup.workspace, 'organizations.add', { organizations: [{ organizationId }] });
    await seedDocument(setup.workspace, organizationId, documentId);
    await broadcastCursor(setup.workspace, organizationId, documentId, 1);
    const inNew = { [incarnationEntry(organizationId)]: 1 };
    const stored = await withIncarnations(inNew, () =>
      storedUnderDocument(setup.workspace.apiKey, organizationId, documentId),
    );
    expect(Object.values(stored).every((count) => count > 0)).toBe(true);

    await succeed(setup.workspace, 'organizations.documents.delete', {
      organizationId,
      documentIds: [documentId],
    });
    const read = await callAs(setup.workspace, 'crdt.get', { organizationId, documentId });
    expect(read.json.error?.status).toBe('NOT_FOUND');
    expect((await apiKeyCaller(setup.workspace.apiKey))?.erasing.size).toBe(2);

    await setup.queue.drain();
    expect(
      await withIncarnations(inNew, () =>
        storedUnderDocument(setup.workspace.apiKey, organizationId, documentId),
      ),
    ).toEqual(nothingStored(stored));
    expect((await apiKeyCaller(setup.workspace.apiKey))?.erasing.size).toBe(0);
    await succeed(setup.workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId }],
    });
    const view = await documentView(setup.workspace, organizationId, documentId);
    for (const records of [
      'members',
      'activities',
      'notifications',
      'bobInbox',
      'carolInbox',
      'crdt',
      'comments',
    ])
      expect(view[records]).toEqual([]);
    expect(view.judgments).toEqual([]);
  });
});

describe('concurrent re-creation of one deleted organization', () => {
  it('bumps its incarnation once: of two bumps read from the same state, the second is ABORTED', async () => {
    const organizationId = `org-${randomUUID()}`;
    await succeed(setup.workspace, 'organizations.add', { organizations: [{ organizationId }] });
    await succeed(setup.workspace, 'organizations.delete', { organizationIds: [organizationId] });
    const caller = await apiKeyCaller(setup.workspace.apiKey);
    if (!caller) throw new Error('no caller');
    const entry = incarnationEntry(organizationId);
    const [first, second] = [incarnationBump(caller, [entry]), incarnationBump(caller, [entry])];
    await writeWithBump(first.item, []);
    await expect(writeWithBump(second.item, [])).rejects.toMatchObject({ status: 'ABORTED' });
    expect((await incarnations(setup.workspace))[entry]).toBe(first.next[entry]);
  });

  it('answers every racing organizations.add with success or ABORTED and bumps once', async () => {
    const organizationId = `org-${randomUUID()}`;
    await succeed(setup.workspace, 'organizations.add', { organizations: [{ organizationId }] });
    await succeed(setup.workspace, 'organizations.delete', { organizationIds: [organizationId] });
    const before = (await incarnations(setup.workspace))[incarnationEntry(organizationId)] ?? 0;
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        callAs(setup.workspace, 'organizations.add', {
          organizations: [{ organizationId, organizationName: 'x' }],
        }),
      ),
    );
    for (const response of responses)
      expect(response.statusCode === 200 || response.json.error?.status === 'ABORTED').toBe(true);
    expect(responses.some((response) => response.statusCode === 200)).toBe(true);
    expect((await incarnations(setup.workspace))[incarnationEntry(organizationId)]).toBe(before + 1);
    expect(
      await succeed(setup.workspace, 'organizations.get', { organizationIds: [organizationId] }),
    ).toHaveLength(1);
    await setup.queue.drain();
  });
});
