import { randomUUID } from 'node:crypto';
import { callAs, succeed } from '../../support/api';
import { documentView, seedDocument } from '../migration/support';
import {
  broadcastCursor,
  emptyDocumentView,
  nothingStored,
  storedUnderDocument,
  storedUnderOrganization,
  useJobQueueAndWorkspaces,
} from './support';

jest.setTimeout(60_000);

const setup = useJobQueueAndWorkspaces();

describe('organizations.documents.delete', () => {
  it('makes every record of the document unreachable at once, erases them in the background, and a re-created id starts empty', async () => {
    const organizationId = `org-${randomUUID()}`;
    const [documentId, sibling] = [`doc-${randomUUID()}`, `sibling-${randomUUID()}`];
    await seedDocument(setup.workspace, organizationId, documentId);
    await seedDocument(setup.workspace, organizationId, sibling);
    await broadcastCursor(setup.workspace, organizationId, documentId, 1);
    const siblingBefore = await documentView(setup.workspace, organizationId, sibling);
    const stored = await storedUnderDocument(setup.workspace.apiKey, organizationId, documentId);
    expect(Object.values(stored).every((count) => count > 0)).toBe(true);

    const deleted = await callAs(setup.workspace, 'organizations.documents.delete', {
      organizationId,
      documentIds: [documentId],
    });
    expect(deleted.statusCode).toBe(200);

    // Invisible in the call itself, before the job ran: the document's own reads are NOT_FOUND…
    for (const [route, data] of [
      ['activities.get', { organizationId, documentId }],
      ['crdt.get', { organizationId, documentId }],
      ['commentannotations.get', { organizationId, documentId }],
      ['notifications.get', { organizationId, documentId }],
    ] as const) {
      expect((await callAs(setup.workspace, route, data)).json.error?.status).toBe('NOT_FOUND');
    }
    // …organization-wide reads leave its records out…
    const activities = await succeed(setup.workspace, 'activities.get', { organizationId });
    expect(
      activities.every((a: { metadata: { documentId: string } }) => a.metadata.documentId === sibling),
    ).toBe(true);
    // The oldest activity is the deleted document's: the page read beside auth holds it, so the page
    // is read again after auth without it (more than the one round trip of an unfenced page), full.
    const oldest = await callAs(setup.workspace, 'activities.get', {
      organizationId,
      order: 'asc',
      pageSize: 1,
    });
    expect(
      oldest.json.result?.data.map((a: { metadata: { documentId: string } }) => a.metadata.documentId),
    ).toEqual([sibling]);
    expect(oldest.db.serialRoundTrips).toBeGreaterThan(1);
    const inbox = await succeed(setup.workspace, 'notifications.get', { organizationId, userId: 'bob' });
    expect(inbox.every((n: { documentId: string }) => n.documentId === sibling)).toBe(true);
    const threads = await succeed(setup.workspace, 'commentannotations.get', {
      organizationId,
      annotationIds: ['thread-1'],
    });
    expect(threads.map((t: { documentId: string }) => t.documentId)).toEqual([sibling]);
    const judgments = await callAs(setup.workspace, 'memory.judgments.query', { organizationId });
    const judged = (judgments.json.result as unknown as { results: { documentId: string }[] }).results;
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.every((j) => j.documentId === sibling)).toBe(true);
    // …and writing under it waits for the erasure.
    const early = await callAs(setup.workspace, 'crdt.add', {
      organizationId,
      documentId,
      editorId: 'e1',
      type: 'text',
      data: 'too early',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json.error?.status).toBe('ABORTED');

    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    expect(await storedUnderDocument(setup.workspace.apiKey, organizationId, documentId)).toEqual(
      nothingStored(stored),
    );
    const empty = await emptyDocumentView(setup.workspace, organizationId);
    expect(await documentView(setup.workspace, organizationId, documentId)).toEqual(empty);
    expect(await documentView(setup.workspace, organizationId, sibling)).toEqual(siblingBefore);

    // Re-created: the document and its editors start empty, and take new records.
    await succeed(setup.workspace, 'organizations.documents.add', {
      organizationId,
      documents: [{ documentId }],
    });
    expect(await succeed(setup.workspace, 'crdt.get', { organizationId, documentId })).toEqual([]);
    expect(await succeed(setup.workspace, 'activities.get', { organizationId, documentId })).toEqual([]);
    await succeed(setup.workspace, 'crdt.add', {
      organizationId,
      documentId,
      editorId: 'e1',
      type: 'text',
      data: 'new',
    });
    const [editor] = await succeed(setup.workspace, 'crdt.get', {
      organizationId,
      documentId,
      editorId: 'e1',
    });
    expect(editor.data).toBe('new');
  });

  it('erases the documents of a deleted folder the same way', async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentId = `doc-${randomUUID()}`;
    const stored = await seedDocument(setup.workspace, organizationId, documentId).then(() =>
      storedUnderDocument(setup.workspace.apiKey, organizationId, documentId),
    );
    await succeed(setup.workspace, 'organizations.folders.delete', { organizationId, folderId: 'folder-1' });
    expect(
      (await callAs(setup.workspace, 'crdt.get', { organizationId, documentId })).json.error?.status,
    ).toBe('NOT_FOUND');
    await setup.queue.drain();
    expect(await storedUnderDocument(setup.workspace.apiKey, organizationId, documentId)).toEqual(
      nothingStored(stored),
    );
  });
});

/** The organizations of the API key's judgments (the API-key-wide query). */
async function judgedOrganizations() {
  const response = await callAs(setup.workspace, 'memory.judgments.query', { limit: 100 });
  const { results } = response.json.result as unknown as { results: { organizationId: string }[] };
  return [...new Set(results.map((judgment) => judgment.organizationId))];
}

describe('organizations.delete', () => {
  it('makes the organization and everything under it unreachable at once, erases it all, and a re-created id starts empty', async () => {
    const organizationId = `org-${randomUUID()}`;
    const documentIds = [`doc-${randomUUID()}`, `doc-${randomUUID()}`];
    for (const documentId of documentIds) {
      await seedDocument(setup.workspace, organizationId, documentId);
      await broadcastCursor(setup.workspace, organizationId, documentId, 1);
    }
    // A finished migration leaves its job in the organization.
    await succeed(setup.workspace, 'organizations.documents.migrate', {
      organizationId,
      documentId: 'nothing',
      newDocumentId: 'nothing-either',
    });
    await setup.queue.drain();
    // The same organization id under another API key is not touched.
    await seedDocument(setup.other, organizationId, documentIds[0]!);
    const otherBefore = await documentView(setup.other, organizationId, documentIds[0]!);
    const stored = await storedUnderOrganization(setup.workspace.apiKey, organizationId, documentIds);
    expect(Object.values(stored).every((count) => count > 0)).toBe(true);

    expect(await judgedOrganizations()).toContain(organizationId);

    const deleted = await succeed(setup.workspace, 'organizations.delete', {
      organizationIds: [organizationId],
    });
    expect(deleted[organizationId]).toMatchObject({ success: true });

    expect(
      await succeed(setup.workspace, 'organizations.get', { organizationIds: [organizationId] }),
    ).toEqual([]);
    for (const [route, data] of [
      ['activities.get', { organizationId }],
      ['notifications.get', { organizationId, userId: 'bob' }],
      ['crdt.get', { organizationId, documentId: documentIds[0] }],
      ['commentannotations.get', { organizationId, annotationIds: ['thread-1'] }],
      ['users.get', { organizationId }],
      ['memory.judgments.query', { organizationId }],
    ] as const) {
      expect((await callAs(setup.workspace, route, data)).json.error?.status).toBe('NOT_FOUND');
    }
    expect(await judgedOrganizations()).not.toContain(organizationId);
    // Writing under it is refused until it is created again (recreate.test.ts: while the job runs).
    const early = await callAs(setup.workspace, 'activities.add', {
      organizationId,
      documentId: documentIds[0],
      activities: [{ featureType: 'custom', actionType: 'x', actionUser: { userId: 'bob' } }],
    });
    expect(early.json.error?.status).toBe('ABORTED');

    const runs = await setup.queue.drain();
    expect(runs.every((run) => !run.failed)).toBe(true);
    expect(await storedUnderOrganization(setup.workspace.apiKey, organizationId, documentIds)).toEqual(
      nothingStored(stored),
    );

    await succeed(setup.workspace, 'organizations.add', { organizations: [{ organizationId }] });
    expect(await succeed(setup.workspace, 'activities.get', { organizationId })).toEqual([]);
    expect(await succeed(setup.workspace, 'organizations.folders.get', { organizationId })).toEqual([]);
    expect(await succeed(setup.workspace, 'users.get', { organizationId })).toEqual([]);
    const empty = await emptyDocumentView(setup.workspace, organizationId);
    for (const documentId of documentIds)
      expect(await documentView(setup.workspace, organizationId, documentId)).toEqual(empty);
    expect(await documentView(setup.other, organizationId, documentIds[0]!)).toEqual(otherBefore);
  });
});
