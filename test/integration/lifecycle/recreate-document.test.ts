import { randomUUID } from 'node:crypto';
import { connectionAccess } from '../../../shared/api/connection-access';
import { incarnationEntry, withIncarnations } from '../../../shared/db/incarnations';
import { documentAddition } from '../../../shared/organizations/documents-service';
import { apiKeyCaller } from '../../../shared/workspace/credentials';
import { callAs, succeed } from '../../support/api';
import { documentView, migrate, seedDocument } from '../migration/support';
import * as lifecycle from './support';

jest.setTimeout(120_000);

const addDocuments = documentAddition(connectionAccess);

const setup = lifecycle.useJobQueueAndWorkspaces();

/** What is stored under a document in incarnation `n` (keys built as its job builds them). */
const storedIn = (organizationId: string, documentId: string, n: number) =>
  withIncarnations(n === 0 ? {} : { [incarnationEntry(organizationId, documentId)]: n }, () =>
    lifecycle.storedUnderDocument(setup.workspace.apiKey, organizationId, documentId),
  );

/**
 * Places shared by a document's incarnations: access entries live on the organization's user
 * items, inbox entries in the users' inboxes, the document item in the organization partition.
 * The others are keyed by the incarnation.
 */
const sharedPlaces = ['access', 'inbox', 'document'];

/**
 * A document with every domain's records (the migration seed, live state, and frank's membership,
 * which its next incarnation does not give again), deleted and re-created at once (in one
 * organizations.documents.add with a fresh document, for comparison) with its erasure job held in
 * the queue; then the seed again and live state in the new incarnation. Returns what is stored in
 * both incarnations and what the API shows of the new one.
 */
async function recreatedWithNewData(
  organizationId = `org-${randomUUID()}`,
  documentId = `doc-${randomUUID()}`,
) {
  const fresh = `fresh-${randomUUID()}`;
  await seedDocument(setup.workspace, organizationId, documentId);
  await succeed(setup.workspace, 'users.add', {
    organizationId,
    documentId,
    users: [{ userId: 'frank', accessRole: 'viewer' }],
  });
  await lifecycle.broadcastCursor(setup.workspace, organizationId, documentId, 0);
  await setup.queue.drain();
  await succeed(setup.workspace, 'organizations.documents.delete', {
    organizationId,
    documentIds: [documentId],
  });
  // What the delete call left for the job (it removed the document item and live state).
  const old = await storedIn(organizationId, documentId, 0);
  expect(Object.entries(old).filter(([, count]) => count === 0)).toEqual([
    ['liveState', 0],
    ['document', 0],
  ]);

  const added = await succeed(setup.workspace, 'organizations.documents.add', {
    organizationId,
    documents: [fresh, documentId].map((id) => ({ documentId: id, accessType: 'restricted' })),
  });
  expect(added[documentId]).toMatchObject({ success: true, message: 'Document added.' });
  expect((await lifecycle.incarnations(setup.workspace))[incarnationEntry(organizationId, documentId)]).toBe(
    1,
  );

  // Empty in every read route, like a document never used, while the old records are all stored.
  expect(await documentView(setup.workspace, organizationId, documentId)).toEqual(
    await documentView(setup.workspace, organizationId, fresh),
  );
  expect(await lifecycle.acrossDocuments(setup.workspace, organizationId)).toEqual({
    activities: [],
    bobInbox: [],
    threads: [],
    judged: [],
    bobData: [],
  });
  expect(await storedIn(organizationId, documentId, 0)).toEqual({ ...old, document: 1 });

  await seedDocument(setup.workspace, organizationId, documentId);
  await lifecycle.broadcastCursor(setup.workspace, organizationId, documentId, 1);
  const recreated = await storedIn(organizationId, documentId, 1);
  for (const [place, count] of Object.entries(recreated)) expect([place, count > 0]).toEqual([place, true]);
  return {
    organizationId,
    documentId,
    old,
    recreated,
    view: await documentView(setup.workspace, organizationId, documentId),
    across: await lifecycle.acrossDocuments(setup.workspace, organizationId),
  };
}

/**
 * After the old job ran: nothing of incarnation 0 is left — in the shared places only what the new
 * incarnation holds (frank's old membership and the old inbox entries gone) — and incarnation 1 is
 * intact, its access entries included.
 */
async function expectOnlyTheNewIncarnation(scenario: Awaited<ReturnType<typeof recreatedWithNewData>>) {
  const { organizationId, documentId, old, recreated } = scenario;
  const now = await storedIn(organizationId, documentId, 1);
  expect(now).toEqual({ ...recreated, access: recreated.access! - 1, inbox: recreated.inbox! - old.inbox! });
  const shared = Object.fromEntries(sharedPlaces.map((place) => [place, now[place]]));
  expect(await storedIn(organizationId, documentId, 0)).toEqual({
    ...lifecycle.nothingStored(old),
    ...shared,
  });
  expect(await documentView(setup.workspace, organizationId, documentId)).toEqual(scenario.view);
  expect((await apiKeyCaller(setup.workspace.apiKey))?.erasing.size).toBe(0);
}

/** An empty document, added and deleted (its erasure job held in the queue). */
async function deletedDocument() {
  const [organizationId, documentId] = [`org-${randomUUID()}`, `doc-${randomUUID()}`];
  await succeed(setup.workspace, 'organizations.documents.add', {
    organizationId,
    documents: [{ documentId }],
  });
  await succeed(setup.workspace, 'organizations.documents.delete', {
    organizationId,
    documentIds: [documentId],
  });
  return { organizationId, documentId };
}

describe('organizations.documents.add of a document whose erasure has not run yet', () => {
  it('creates it empty at once; the old job then erases only the old incarnation and the new data survives', async () => {
    const [organizationId, documentId] = [`org-${randomUUID()}`, `doc-${randomUUID()}`];
    await seedDocument(setup.other, organizationId, documentId);
    const otherBefore = await documentView(setup.other, organizationId, documentId);
    const scenario = await recreatedWithNewData(organizationId, documentId);
    // The new incarnation's records show in the reads across documents; bob's inbox entries and
    // membership of the document wait for the old job (their keys do not name the incarnation).
    const { across } = scenario;
    expect([across.activities.length, across.bobInbox.length, across.threads.length]).toEqual([3, 2, 1]);
    expect(across.judged.length).toBeGreaterThan(0);
    expect(
      across.bobData.some((item) => item.includes('/membership/') || item.includes('/notification/')),
    ).toBe(false);

    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    await expectOnlyTheNewIncarnation(scenario);
    const after = await lifecycle.acrossDocuments(setup.workspace, organizationId);
    expect({ ...after, bobData: [] }).toEqual({ ...across, bobData: [] });
    const listedLate = after.bobData.filter((item) => !across.bobData.includes(item));
    expect(listedLate.map((item) => item.split('/')[1]).sort()).toEqual([
      'membership',
      'notification',
      'notification',
    ]);
    expect(across.bobData.every((item) => after.bobData.includes(item))).toBe(true);
    // Another API key's same ids are untouched.
    expect(await documentView(setup.other, organizationId, documentId)).toEqual(otherBefore);
  });

  it('refuses to migrate it (or into it) until the old incarnation is erased', async () => {
    const { organizationId, documentId } = await deletedDocument();
    await succeed(setup.workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId }],
    });
    for (const [from, to] of [
      [documentId, `moved-${randomUUID()}`],
      [`source-${randomUUID()}`, documentId],
    ] as const) {
      const refused = await callAs(setup.workspace, 'organizations.documents.migrate', {
        organizationId,
        documentId: from,
        newDocumentId: to,
      });
      expect(refused.json.error?.status).toBe('ABORTED');
    }
    await setup.queue.drain();
    await migrate(setup.workspace, organizationId, documentId, `moved-${randomUUID()}`);
    await setup.queue.drain();
  });
});

describe('notifications.add naming an id of the old incarnation', () => {
  it('is ABORTED until the old job erased it, then adds the notification to the new document', async () => {
    const [organizationId, documentId, notificationId] = [
      `org-${randomUUID()}`,
      `doc-${randomUUID()}`,
      'n-1',
    ];
    const notification = {
      organizationId,
      documentId,
      notificationId,
      actionUser: { userId: 'alice' },
      notifyUsers: [{ userId: 'bob' }],
      displayHeadlineMessageTemplate: 'old',
      displayBodyMessage: 'body',
    };
    await succeed(setup.workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId }],
    });
    await succeed(setup.workspace, 'notifications.add', notification);
    await setup.queue.drain();
    await succeed(setup.workspace, 'organizations.documents.delete', {
      organizationId,
      documentIds: [documentId],
    });
    await succeed(setup.workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId }],
    });

    const renewed = { ...notification, displayHeadlineMessageTemplate: 'new' };
    const refused = await callAs(setup.workspace, 'notifications.add', renewed);
    expect(refused.json.error?.status).toBe('ABORTED');
    await setup.queue.drain();
    await succeed(setup.workspace, 'notifications.add', renewed);
    await setup.queue.drain();
    const inbox = await succeed(setup.workspace, 'notifications.get', { organizationId, userId: 'bob' });
    expect(
      inbox.map((entry: { displayHeadlineMessageTemplate: string }) => entry.displayHeadlineMessageTemplate),
    ).toEqual(['new']);
  });
});

describe('concurrent re-creation of one deleted document', () => {
  it('bumps its incarnation once: of two re-creations read from the same state, the second is ABORTED', async () => {
    const { organizationId, documentId } = await deletedDocument();
    const input = { organizationId, documents: [{ documentId }] };
    const caller = await apiKeyCaller(setup.workspace.apiKey);
    if (!caller) throw new Error('no caller');
    await addDocuments(caller, input);
    await expect(addDocuments(caller, input)).rejects.toMatchObject({ status: 'ABORTED' });
    expect(
      (await lifecycle.incarnations(setup.workspace))[incarnationEntry(organizationId, documentId)],
    ).toBe(1);
    await setup.queue.drain();
  });

  it('answers every racing organizations.documents.add with success or ABORTED and bumps once', async () => {
    const { organizationId, documentId } = await deletedDocument();
    const responses = await Promise.all(
      ['a', 'b', 'c'].map((documentName) =>
        callAs(setup.workspace, 'organizations.documents.add', {
          organizationId,
          documents: [{ documentId, documentName }],
        }),
      ),
    );
    for (const response of responses)
      expect(response.statusCode === 200 || response.json.error?.status === 'ABORTED').toBe(true);
    expect(responses.some((response) => response.statusCode === 200)).toBe(true);
    expect(
      (await lifecycle.incarnations(setup.workspace))[incarnationEntry(organizationId, documentId)],
    ).toBe(1);
    await setup.queue.drain();
  });
});

describe('the old erasure job of a re-created document', () => {
  it('crashes while erasing an old access entry; the redelivered message finishes it and the new incarnation is intact', async () => {
    const scenario = await recreatedWithNewData();
    // Frank's old membership is the one access entry to remove (the others were given again): the
    // worker dies after the realtime eraser, before every other domain's.
    const crash = lifecycle.crashAtWrite('REMOVE #entry');
    const crashed = await setup.queue.runWorkerOnce();
    crash.mockRestore();
    expect(crashed?.failed).toBe(true);
    const redelivered = await setup.queue.drain();
    expect(redelivered.map((run) => run.failed)).toEqual([false]);
    await expectOnlyTheNewIncarnation(scenario);
  });
});
